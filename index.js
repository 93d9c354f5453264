// n8n loads the node and credential listed in package.json's "n8n" section; nothing is exported here.
module.exports = {};

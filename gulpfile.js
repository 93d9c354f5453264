const path = require('path');
const { task, src, dest } = require('gulp');

// tsc compiles the TypeScript; icons and the codex JSON are copied next to it.
task('build:icons', copyAssets);

function copyAssets() {
	const nodeSource = path.resolve('nodes', '**', '*.{png,svg,json}');
	const nodeDestination = path.resolve('dist', 'nodes');
	src(nodeSource).pipe(dest(nodeDestination));

	const credSource = path.resolve('credentials', '**', '*.{png,svg}');
	const credDestination = path.resolve('dist', 'credentials');
	return src(credSource).pipe(dest(credDestination));
}

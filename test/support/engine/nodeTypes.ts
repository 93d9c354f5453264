import { DirectoryLoader } from 'n8n-core';
import type { ICredentialType, INodeType, INodeTypes, IVersionedNodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { join } from 'node:path';

import { assertDistFresh } from './distGuard';

/** The package as n8n loads it: the compiled files listed in package.json's "n8n" section. */
const packageRoot = join(__dirname, '..', '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const manifest = require(join(packageRoot, 'package.json')) as {
	name: string;
	n8n: { nodes: string[]; credentials: string[] };
};

/**
 * Where the package code comes from: the built `dist` (as n8n loads it), or the TypeScript sources,
 * which are separate module instances: a second n8n process as far as module-level state goes.
 */
export type PackageCopy = 'dist' | 'source';

let distChecked = false;

function loadClass<T>(relativePath: string, copy: PackageCopy): T {
	if (copy === 'dist' && !distChecked) {
		assertDistFresh(packageRoot);
		distChecked = true;
	}
	const path =
		copy === 'dist' ? relativePath : relativePath.replace(/^dist\//, '').replace(/\.js$/, '');
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const exported = require(join(packageRoot, path)) as Record<string, new () => T>;
	const [ctor] = Object.values(exported);
	return new ctor();
}

export const PACKAGE_NAME = manifest.name;
export const NODE_TYPE = `${manifest.name}.cfdiEmision`;

export function loadCredentialTypes(copy: PackageCopy = 'dist'): Record<string, ICredentialType> {
	const types: Record<string, ICredentialType> = {};
	for (const file of manifest.n8n.credentials) {
		const type = loadClass<ICredentialType>(file, copy);
		types[type.name] = type;
	}
	return types;
}

/** Node types keyed the way n8n keys community nodes: `<package>.<node name>`. */
export class PackageNodeTypes implements INodeTypes {
	private readonly types = new Map<string, INodeType | IVersionedNodeType>();

	constructor(extra: Record<string, INodeType> = {}, copy: PackageCopy = 'dist') {
		for (const file of manifest.n8n.nodes) {
			const type = loadClass<INodeType | IVersionedNodeType>(file, copy);
			// Adds the "Request Options" collection n8n gives every declarative node.
			const versions = 'nodeVersions' in type ? Object.values(type.nodeVersions) : [type];
			for (const version of versions) DirectoryLoader.applyDeclarativeNodeOptionParameters(version);
			this.types.set(`${manifest.name}.${type.description.name}`, type);
		}
		for (const [name, type] of Object.entries(extra)) this.types.set(name, type);
	}

	getByName(nodeType: string): INodeType | IVersionedNodeType {
		const type = this.types.get(nodeType);
		if (!type) throw new Error(`Unknown node type ${nodeType}`);
		return type;
	}

	getByNameAndVersion(nodeType: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(nodeType), version);
	}

	getKnownTypes() {
		return {};
	}
}

import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeParameters,
	INodeProperties,
	IRequestOptionsSimplified,
	IWorkflowExecuteAdditionalData,
	Workflow,
} from 'n8n-workflow';
import { ICredentialsHelper, NodeHelpers } from 'n8n-workflow';

/**
 * An in-memory stand-in for n8n's CredentialsHelper (packages/cli credentials-helper) with the same
 * semantics that matter here: every read decrypts a fresh copy with defaults applied (so only
 * declared properties survive); preAuthentication runs when the first expirable hidden property is
 * empty, after a 401 (credentialsExpired) and on a credential test; its output is saved.
 */
export class EngineCredentialsHelper extends ICredentialsHelper {
	private readonly store: Map<string, { type: string; data: ICredentialDataDecryptedObject }>;

	readonly events: Array<{ kind: 'decrypt' | 'preAuthentication' | 'update'; id: string }>;

	/** Every version of every credential ever saved (tests scan outputs for the tokens in them). */
	readonly history: ICredentialDataDecryptedObject[];

	/** `database`: another helper whose stored credentials this one shares (queue-mode workers share one database). */
	constructor(
		private readonly types: Record<string, ICredentialType>,
		database?: EngineCredentialsHelper,
	) {
		super();
		this.store = database?.store ?? new Map();
		this.events = database?.events ?? [];
		this.history = database?.history ?? [];
	}

	set(id: string, type: string, data: ICredentialDataDecryptedObject): void {
		this.store.set(id, { type, data: structuredClone(data) });
	}

	/** What is saved now (as the database would hold it). */
	saved(id: string): ICredentialDataDecryptedObject {
		const entry = this.store.get(id);
		if (!entry) throw new Error(`No credential ${id}`);
		return this.withDefaults(entry.type, entry.data);
	}

	count(kind: 'decrypt' | 'preAuthentication' | 'update'): number {
		return this.events.filter((event) => event.kind === kind).length;
	}

	private type(name: string): ICredentialType {
		const type = this.types[name];
		if (!type) throw new Error(`Unknown credential type ${name}`);
		return type;
	}

	private withDefaults(
		type: string,
		data: ICredentialDataDecryptedObject,
	): ICredentialDataDecryptedObject {
		return NodeHelpers.getNodeParameters(
			this.getCredentialsProperties(type),
			structuredClone(data) as INodeParameters,
			true,
			false,
			null,
			null,
		) as ICredentialDataDecryptedObject;
	}

	getParentTypes(): string[] {
		return [];
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.type(type).properties;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		_workflow: Workflow,
		_node: INode,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = this.type(typeName);
		if (typeof authenticate === 'function') {
			return await authenticate(credentials, requestOptions as IHttpRequestOptions);
		}
		if (authenticate) throw new Error('Only function authenticate is supported by this harness');
		return requestOptions as IHttpRequestOptions;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.type(typeName);
		const expirable = type.properties.find(
			(p) => p.type === 'hidden' && p.typeOptions?.expirable === true,
		);
		if (!expirable || typeof type.preAuthentication !== 'function') return undefined;
		const isTestingCredentials =
			node?.parameters?.temp === '' && node?.type === 'n8n-nodes-base.noOp';
		if (credentials[expirable.name] !== '' && !credentialsExpired && !isTestingCredentials)
			return undefined;
		this.events.push({ kind: 'preAuthentication', id: node.credentials?.[typeName]?.id ?? '' });
		const output = await type.preAuthentication.call(helpers, credentials);
		if (output[expirable.name] === undefined) return undefined;
		if (node.credentials) {
			await this.updateCredentials(
				node.credentials[typeName],
				typeName,
				Object.assign(credentials, output),
			);
			return Object.assign(credentials, output);
		}
		return undefined;
	}

	async getCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentials> {
		const data = await this.getDecrypted(
			{} as IWorkflowExecuteAdditionalData,
			nodeCredentials,
			type,
		);
		return {
			id: nodeCredentials.id,
			name: nodeCredentials.name,
			type,
			getData: () => data,
		} as unknown as ICredentials;
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const id = nodeCredentials.id ?? '';
		const entry = this.store.get(id);
		if (!entry || entry.type !== type)
			throw new Error(`Credential ${id} of type ${type} does not exist`);
		this.events.push({ kind: 'decrypt', id });
		return this.withDefaults(type, entry.data);
	}

	async updateCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		const id = nodeCredentials.id ?? '';
		this.events.push({ kind: 'update', id });
		this.history.push(structuredClone(data));
		this.store.set(id, { type, data: structuredClone(data) });
	}

	async updateCredentialsOauthTokenData(): Promise<void> {}
}

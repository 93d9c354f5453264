/** The Data Table node's stand-in: rows read and inserted in memory, kept across runs as n8n's tables are. */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';

import { description } from './standInDescription';

export type TableRows = Record<string, Array<Record<string, unknown>>>;

interface RowCondition {
	keyName: string;
	condition?: string;
	keyValue?: unknown;
}

/**
 * Data Table rows "get" (conditions "eq", all of them, the node's limit), "insert" and "update", kept in
 * `tables` (keyed by table name) so a later run sees what an earlier one wrote, as n8n's tables do.
 */
export function dataTableStandIn(tables: TableRows): INodeType {
	return {
		description: description('dataTable', 'Data Table', true, [
			{ displayName: 'Resource', name: 'resource', type: 'string', default: 'row' },
			{ displayName: 'Operation', name: 'operation', type: 'string', default: 'get' },
			{ displayName: 'Data Table', name: 'dataTableId', type: 'json', default: {} },
			{ displayName: 'Match Type', name: 'matchType', type: 'string', default: 'allConditions' },
			{ displayName: 'Filters', name: 'filters', type: 'json', default: {} },
			{ displayName: 'Return All', name: 'returnAll', type: 'boolean', default: false },
			{ displayName: 'Limit', name: 'limit', type: 'number', default: 50 },
			{ displayName: 'Columns', name: 'columns', type: 'json', default: {} },
			{ displayName: 'Options', name: 'options', type: 'json', default: {} },
			{ displayName: 'Name', name: 'tableName', type: 'string', default: '' },
		]),
		async execute(this: IExecuteFunctions) {
			const out: INodeExecutionData[] = [];
			const operation = this.getNodeParameter('operation', 0) as string;
			const resource = this.getNodeParameter('resource', 0) as string;
			this.getInputData().forEach((_item, index) => {
				if (resource === 'table') {
					// n8n's table create: with "Reuse Existing Tables" an existing table is returned, else an error.
					if (operation !== 'create')
						throw new Error(`Data Table stand-in: table operation "${operation}" is not supported`);
					const name = String(this.getNodeParameter('tableName', index));
					const reuse =
						(this.getNodeParameter('options', index, {}) as IDataObject).createIfNotExists === true;
					if (tables[name] && !reuse)
						throw new Error(`Data table with name "${name}" already exists`);
					tables[name] ??= [];
					out.push({ json: { id: `table-${name}`, name }, pairedItem: { item: index } });
					return;
				}
				const table = String(
					(this.getNodeParameter('dataTableId', index) as { value?: string }).value ?? '',
				);
				// As in n8n, a table that does not exist is an error (it is not created by a read or a write).
				if (!tables[table]) throw new Error(`Data table "${table}" does not exist`);
				const rows = tables[table];
				if (operation === 'insert') {
					const row = {
						...((this.getNodeParameter('columns', index) as { value?: IDataObject }).value ?? {}),
					};
					rows.push(row);
					out.push({ json: row, pairedItem: { item: index } });
					return;
				}
				if (operation !== 'get' && operation !== 'update')
					throw new Error(`Data Table stand-in: operation "${operation}" is not supported`);
				const conditions =
					(this.getNodeParameter('filters', index) as { conditions?: RowCondition[] }).conditions ??
					[];
				if (conditions.some((condition) => (condition.condition ?? 'eq') !== 'eq'))
					throw new Error('Data Table stand-in: only "eq" conditions are supported');
				if (operation === 'update') {
					// n8n's update: every matching row gets the columns; the updated rows are the output.
					const values =
						(this.getNodeParameter('columns', index) as { value?: IDataObject }).value ?? {};
					for (const row of rows.filter((candidate) =>
						conditions.every((c) => String(candidate[c.keyName]) === String(c.keyValue)),
					)) {
						Object.assign(row, values);
						out.push({ json: { ...row } as IDataObject, pairedItem: { item: index } });
					}
					return;
				}
				const limit = this.getNodeParameter('returnAll', index, false)
					? Infinity
					: Number(this.getNodeParameter('limit', index, 50));
				const matches = rows
					.filter((row) => conditions.every((c) => String(row[c.keyName]) === String(c.keyValue)))
					.slice(0, limit);
				out.push(
					...matches.map((row) => ({
						json: { ...row } as IDataObject,
						pairedItem: { item: index },
					})),
				);
			});
			return [out];
		},
	};
}

import type {
  ColumnDefinitionNode,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { DataTypeNode, GeneratedNode, OperationNodeTransformer } from 'kysely';

/**
 * Column types SQLite and PostgreSQL name alike but size differently: SQLite's INTEGER holds
 * 64 bits (file sizes, millisecond times) where PostgreSQL's holds 32, and SQLite's REAL is a
 * double where PostgreSQL's is a float.
 */
const POSTGRES_TYPES: Partial<Record<DataTypeNode['dataType'], DataTypeNode['dataType']>> = {
  integer: 'bigint',
  real: 'double precision',
};

class PostgresColumns extends OperationNodeTransformer {
  protected override transformColumnDefinition(
    node: ColumnDefinitionNode,
    queryId?: QueryId,
  ): ColumnDefinitionNode {
    const column = super.transformColumnDefinition(node, queryId);
    const dataType = DataTypeNode.is(column.dataType)
      ? DataTypeNode.create(POSTGRES_TYPES[column.dataType.dataType] ?? column.dataType.dataType)
      : column.dataType;
    if (!column.autoIncrement) return { ...column, dataType };
    // SQLite's AUTOINCREMENT; `by default` still lets a copied row keep its id (db:copy).
    return {
      ...column,
      dataType,
      autoIncrement: false,
      generated: GeneratedNode.create({ byDefault: true, identity: true }),
    };
  }
}

/**
 * Runs the migrations' table definitions on PostgreSQL: integers become `bigint`, reals
 * `double precision` and auto-increment ids identity columns. The migrations stay written
 * once, in the SQLite terms the embedded database has always been created with.
 */
export class PostgresSchemaPlugin implements KyselyPlugin {
  readonly #columns = new PostgresColumns();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const { node } = args;
    if (node.kind !== 'CreateTableNode' && node.kind !== 'AlterTableNode') return node;
    return this.#columns.transformNode(node, args.queryId);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

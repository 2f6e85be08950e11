/**
 * Runs code written before migration 010 (a migration's `up`, called directly by an upgrade test)
 * on today's schema: `owner_id` is read and written as `workspace_id`, which it became.
 */
import {
  IdentifierNode,
  OperationNodeTransformer,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

class OwnerIdIsWorkspaceId extends OperationNodeTransformer {
  protected override transformIdentifier(node: IdentifierNode): IdentifierNode {
    return node.name === 'owner_id' ? IdentifierNode.create('workspace_id') : super.transformIdentifier(node);
  }
}

const plugin: KyselyPlugin = {
  transformQuery: (args: PluginTransformQueryArgs): RootOperationNode =>
    new OwnerIdIsWorkspaceId().transformNode(args.node),
  transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => ({
    ...args.result,
    rows: args.result.rows.map((row) => {
      if (!('workspace_id' in row)) return row;
      const { workspace_id: ownerId, ...rest } = row;
      return { ...rest, owner_id: ownerId };
    }),
  }),
};

export function withColumnsBeforeWorkspaces<T>(db: Kysely<T>): Kysely<unknown> {
  return db.withPlugin(plugin) as unknown as Kysely<unknown>;
}

/** A member of a workspace: whose alert choice, and whose mail. */
export interface Member {
  workspaceId: string;
  accountId: string;
}

import type { RequestHandler, Router } from 'express';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createChangelogRepo } from './changelog.repo';
import { createChangelogRouter } from './changelog.routes';
import { createChangelogService } from './changelog.service';

/** The public changelog's routes, wired to the database; `limit` counts each address's requests. */
export function createChangelog(deps: { db: Kysely<Database>; publicUrl: string; limit: RequestHandler }): Router {
  const service = createChangelogService({ repo: createChangelogRepo(deps.db), publicUrl: deps.publicUrl });
  return createChangelogRouter(service, deps.limit);
}

/** A read worker's script (server/heavy-reads/read-pool.ts): serves the feedback module's heavy reads. */
import { serveReads } from '../../heavy-reads/read-worker-host';
import { feedbackHeavyReadsOf } from './feedback-heavy-reads';

serveReads(feedbackHeavyReadsOf);

/**
 * The server's entry. The Node check comes first and the server itself is imported only after it:
 * a static import would be hoisted, and in the bundle (server/build.ts) every npm package's import
 * sits at the top, so better-sqlite3 and the rest would load, and could crash an old Node, before
 * the check ran. The dynamic import keeps them in a chunk of their own, loaded after it.
 */
import './node-version/check-node-version.js';

await import('./server-process');

/**
 * Stops the process with one line when this Node is not one Tellbox runs on. Run first by
 * `npm start` (`node server/node-version/check-node-version.js && …`) and imported first by the
 * server's entry, so it runs before tsx, the build or any native module gets a chance to crash.
 */
import { unsupportedNodeMessage } from './supported-node.js';

const problem = unsupportedNodeMessage(process.version);
if (problem !== undefined) {
  // Synchronous on files and pipes (POSIX): the line is out before the exit.
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}

/**
 * The Node versions Tellbox runs on, and the one line that says so on any other. Plain JavaScript
 * with no imports, in syntax that any Node with ES modules (12.17 and later) parses, so that an
 * old Node gets this far: `npm start` and the server's entry run it before anything that could
 * crash there (on Node 20, better-sqlite3's native module ends the process with nothing but
 * "Segmentation fault").
 */

/** package.json's `engines.node`, to which supported-node.test.ts holds this. */
export const SUPPORTED_NODE = '^22.13.0 || >=24.0.0';

/** @typedef {[number, number, number]} Version major, minor, patch */

/** @param {string} version e.g. `v22.13.0`, or `24.1.0-nightly…` @returns {Version} */
function parseVersion(version) {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!match) throw new Error(`Not a Node version: ${version}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** @param {Version} a @param {Version} b @returns {number} below 0, 0 or above 0 as a is older than, equal to or newer than b */
function compareVersions(a, b) {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/**
 * The parts of a range. Only `^x.y.z` (x of 1 or more: the same major, this version or later) and
 * `>=x.y.z` are read, which is all engines uses; anything else is an error rather than a guess.
 * @param {string} range
 * @returns {{ caret: boolean, floor: Version }[]}
 */
function comparatorsOf(range) {
  return range.split('||').map((part) => {
    const match = /^(\^|>=)(\d+\.\d+\.\d+)$/.exec(part.trim());
    if (!match || (match[1] === '^' && String(match[2]).startsWith('0.'))) {
      throw new Error(`supported-node.js reads only ^x.y.z (x of 1 or more) and >=x.y.z, not "${part.trim()}"`);
    }
    return { caret: match[1] === '^', floor: parseVersion(String(match[2])) };
  });
}

/** @param {Version} version @returns {string} `22.13` for 22.13.0, `24` for 24.0.0 */
function shortVersion([major, minor, patch]) {
  if (patch !== 0) return `${major}.${minor}.${patch}`;
  return minor !== 0 ? `${major}.${minor}` : `${major}`;
}

/**
 * The line to print when `version` is outside `range`, or undefined when Tellbox runs on it. Below
 * the lowest version allowed, it names that one; in a gap of the range (Node 23 for
 * `^22.13.0 || >=24.0.0`) it names every part, since "22.13 or later" would read as if 23 were fine.
 * @param {string} version `process.version`
 * @param {string} [range]
 * @returns {string | undefined}
 */
export function unsupportedNodeMessage(version, range = SUPPORTED_NODE) {
  const running = parseVersion(version);
  const comparators = comparatorsOf(range);
  const fits = comparators.some(
    ({ caret, floor }) => compareVersions(running, floor) >= 0 && (!caret || running[0] === floor[0]),
  );
  if (fits) return undefined;
  const lowest = comparators.map(({ floor }) => floor).reduce((a, b) => (compareVersions(a, b) <= 0 ? a : b));
  if (compareVersions(running, lowest) < 0) {
    return `Tellbox needs Node ${shortVersion(lowest)} or later (this is ${version})`;
  }
  const parts = comparators.map(({ caret, floor }) =>
    caret ? `${shortVersion(floor)} or a later ${floor[0]}.x` : `${shortVersion(floor)} or later`,
  );
  return `Tellbox needs Node ${parts.join(', or ')} (this is ${version})`;
}

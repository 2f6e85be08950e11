import fs from 'node:fs';
import { describe, expect, test } from 'vitest';
import { SUPPORTED_NODE, unsupportedNodeMessage } from './supported-node.js';

describe('the Node versions Tellbox starts on', () => {
  test('are exactly the ones package.json engines allows', () => {
    const packageJson = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      engines: { node: string };
    };
    expect(SUPPORTED_NODE).toBe(packageJson.engines.node);
  });

  test.each(['v22.13.0', 'v22.13.1', 'v22.20.0', 'v24.0.0', 'v24.22.3', 'v25.1.0', 'v30.0.0-nightly2027'])(
    '%s starts',
    (version) => {
      expect(unsupportedNodeMessage(version)).toBeUndefined();
    },
  );

  test.each([
    ['v20.20.2', 'Tellbox needs Node 22.13 or later (this is v20.20.2)'],
    ['v18.19.0', 'Tellbox needs Node 22.13 or later (this is v18.19.0)'],
    ['v22.12.0', 'Tellbox needs Node 22.13 or later (this is v22.12.0)'],
    ['v22.0.0', 'Tellbox needs Node 22.13 or later (this is v22.0.0)'],
  ])('%s, older than every version allowed, is told the oldest one', (version, line) => {
    expect(unsupportedNodeMessage(version)).toBe(line);
  });

  // engines leaves out 23 (no longer maintained, never an LTS): "22.13 or later" would read as if it fitted.
  test.each(['v23.0.0', 'v23.11.1'])('%s, between the allowed majors, is told every part of the range', (version) => {
    expect(unsupportedNodeMessage(version)).toBe(
      `Tellbox needs Node 22.13 or a later 22.x, or 24 or later (this is ${version})`,
    );
  });

  test('a range it cannot read is an error, not a guess', () => {
    expect(() => unsupportedNodeMessage('v24.0.0', '~22.13.0')).toThrow('not "~22.13.0"');
    expect(() => unsupportedNodeMessage('v24.0.0', '^0.13.0')).toThrow('not "^0.13.0"');
  });

  test('a patch floor is named with its patch', () => {
    expect(unsupportedNodeMessage('v22.5.0', '>=22.5.1')).toBe('Tellbox needs Node 22.5.1 or later (this is v22.5.0)');
  });
});

/** Placeholder until its screen lands. */
export function Component() {
  return <h1>support</h1>;
}

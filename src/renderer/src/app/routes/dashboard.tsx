/** Placeholder until its screen lands. */
export function Component() {
  return <h1>dashboard</h1>;
}

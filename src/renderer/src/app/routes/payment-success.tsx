/** Placeholder until its screen lands. */
export function Component() {
  return <h1>payment-success</h1>;
}

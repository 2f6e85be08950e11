/** A failure whose message is already in words an owner understands, and is shown as it is. */
export class OutboundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundError';
  }
}

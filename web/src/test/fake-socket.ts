/** A socket stand-in for `vi.mock('@/lib/socket')`: handlers by event name, and `receive`. */
export function createFakeSocket() {
  const handlers = new Map<string, ((payload: unknown) => void)[]>();
  return {
    handlers,
    connected: false,
    on(name: string, handler: (payload: unknown) => void) {
      handlers.set(name, [...(handlers.get(name) ?? []), handler]);
    },
    off(name: string, handler: (payload: unknown) => void) {
      handlers.set(
        name,
        (handlers.get(name) ?? []).filter((known) => known !== handler),
      );
    },
    connect() {
      this.connected = true;
    },
    receive(name: string, payload: unknown) {
      for (const handler of handlers.get(name) ?? []) handler(payload);
    },
  };
}

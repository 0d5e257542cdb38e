/**
 * A place in a stubbed store call where it can be stopped once, to look at
 * the server while that call is under way: after `arm()`, the next `pass()`
 * resolves `reached` and waits there until `release()`.
 */
export function heldCall() {
  let armed = false;
  let reach = (): void => undefined;
  let release = (): void => undefined;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    arm: () => void (armed = true),
    reached,
    release: () => release(),
    async pass(): Promise<void> {
      if (!armed) return;
      armed = false;
      reach();
      await released;
    },
  };
}

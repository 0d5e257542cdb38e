/** What a schema (a zod one, say) makes of what was typed. */
interface Check<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

/**
 * A form of one typed field. On submit what was typed is checked before
 * anything is sent; the form is busy while the answer is awaited, and the
 * problem (the check's or the answer's) shows until the next try.
 */
export class TypedForm<T> {
  /** True while a sent value waits for its answer. */
  busy = $state(false);
  /** Why the last try did not go through, or '' when it did. */
  problem = $state('');
  readonly #check: Check<T>;
  readonly #complaint: string | (() => string);

  /**
   * `complaint` is what the form says when the typed text does not pass the
   * check; as a function it is read when said, in the screen's language then.
   */
  constructor(check: Check<T>, complaint: string | (() => string)) {
    this.#check = check;
    this.#complaint = complaint;
  }

  /** Check `text` and send its value: `send` answers with a problem, or null. Resolves true when it went through. */
  async submit(event: SubmitEvent, text: string, send: (value: T) => Promise<string | null>): Promise<boolean> {
    event.preventDefault();
    const parsed = this.#check.safeParse(text);
    if (!parsed.success) {
      this.problem = typeof this.#complaint === 'string' ? this.#complaint : this.#complaint();
      return false;
    }
    this.busy = true;
    this.problem = '';
    this.problem = (await send(parsed.data)) ?? '';
    this.busy = false;
    return this.problem === '';
  }
}

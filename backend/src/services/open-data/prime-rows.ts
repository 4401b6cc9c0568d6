/**
 * Pulls the first row before the response starts: a query that fails at
 * once (database down, bad SQL) then becomes an ordinary error answer instead
 * of a download cut after its headers. The returned generator yields that
 * row and then the rest, and closing it closes the source.
 */
export async function primeRows<T>(rows: AsyncGenerator<T>): Promise<AsyncGenerator<T>> {
  const first = await rows.next();
  return (async function* primed() {
    try {
      if (first.done) return;
      yield first.value;
      yield* rows;
    } finally {
      await rows.return(undefined);
    }
  })();
}

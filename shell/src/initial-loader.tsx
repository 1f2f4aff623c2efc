/** The same spinner as index.html's inline loader (styles there), while a lazy part arrives. */
export function InitialLoader() {
  return (
    <div className="hub-loader" role="status" aria-label="Loading">
      <div className="hub-spinner" />
    </div>
  );
}

// A page a later area will build: a clear notice, never a crash.
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section className="page placeholder-page">
      <h1>{title}</h1>
      <p>This part of the shop is being built and opens soon.</p>
    </section>
  );
}

import { Sparkles } from 'lucide-react';

// A page a later area will build: a clear notice, never a crash.
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section className="page placeholder-page">
      <Sparkles size={40} color="var(--accent)" aria-hidden />
      <h1>{title}</h1>
      <p>This part of the shop is being built and opens soon.</p>
    </section>
  );
}

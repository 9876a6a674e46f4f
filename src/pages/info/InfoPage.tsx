import { INFO_PAGES } from './infoContent.ts';
import { NotFoundPage } from '../NotFoundPage.tsx';
import './InfoPage.css';

/** An information or legal page (contacts, faq, terms, …), one layout for all. */
export default function InfoPage({ slug }: { slug: string }) {
  const content = INFO_PAGES[slug];
  if (!content) return <NotFoundPage />;
  return (
    <article className="page info-page">
      <header className="info-page__head">
        <h1>{content.title}</h1>
        <p>{content.intro}</p>
      </header>
      <div className="info-page__sections">
        {content.sections.map((section) => (
          <section key={section.heading} className="panel info-page__section">
            <h2>{section.heading}</h2>
            {section.paragraphs.map((text) => (
              <p key={text}>{text}</p>
            ))}
          </section>
        ))}
      </div>
    </article>
  );
}

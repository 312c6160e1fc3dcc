import { agreementVersionDate } from "../lib/consent";
import type { Agreement } from "../lib/consent-agreement";

/** The agreement, set for reading: headings a screen reader can jump between, short paragraphs. */
export function ConsentAgreementText({ agreement }: { agreement: Agreement }) {
  return (
    <article aria-labelledby="agreement-title" className="flex flex-col gap-6">
      <header className="flex flex-col gap-1.5 border-b border-line pb-5">
        <h2 id="agreement-title" className="text-2xl font-semibold text-ink">
          {agreement.title}
        </h2>
        <p className="text-sm text-muted">Version of {agreementVersionDate(agreement.version)}</p>
        <p className="mt-2 text-[0.975rem] leading-relaxed text-ink">{agreement.intro}</p>
      </header>
      {agreement.sections.map((section, index) => (
        <section key={section.id} aria-labelledby={`agreement-${section.id}`} className="flex gap-4">
          <span
            aria-hidden
            className="mt-0.5 grid size-7 shrink-0 place-items-center rounded-full bg-primary-50 text-sm font-bold text-primary-700"
          >
            {index + 1}
          </span>
          <div className="min-w-0 flex-1">
            <h3 id={`agreement-${section.id}`} className="font-sans text-lg font-bold text-ink">
              {section.heading}
            </h3>
            {section.items ? (
              <ul className="mt-2 flex list-disc flex-col gap-1.5 pl-5 leading-relaxed text-ink marker:text-primary-400">
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
            {section.paragraphs?.map((paragraph) => (
              <p key={paragraph} className="mt-2 leading-relaxed text-ink/80">
                {paragraph}
              </p>
            ))}
          </div>
        </section>
      ))}
    </article>
  );
}

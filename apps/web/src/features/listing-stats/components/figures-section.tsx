/** A card of the figures pages holding a chart: its heading, the span it covers, the chart. */
import { type ReactNode, useId } from 'react';

export function FiguresSection({
  title,
  span,
  children,
}: {
  title: string;
  span: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4">
        <h2 id={id} className="text-lg font-bold tracking-tight">
          {title}
        </h2>
        <p className="text-sm text-base-content/70">{span}</p>
      </div>
      {children}
    </section>
  );
}

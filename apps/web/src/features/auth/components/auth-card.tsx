import type { ReactNode } from 'react';

/** The frame shared by the sign-in, sign-up and password pages. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex justify-center px-4 py-10 sm:py-16">
      <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4 p-6 sm:p-8">
          <header>
            <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
            {subtitle ? <p className="mt-1 text-sm text-base-content/75">{subtitle}</p> : null}
          </header>
          {children}
        </div>
      </div>
    </div>
  );
}

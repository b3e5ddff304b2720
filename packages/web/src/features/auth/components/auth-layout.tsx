import type { ReactNode } from "react";
import { BrandMark } from "../../../components/brand-mark";

/** The centred card that the sign-in and setup forms sit in. */
export function AuthLayout({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-4 py-12">
      <title>{`${title} · Content Studio`}</title>
      <div className="mb-8 flex items-center gap-2.5 text-slate-900">
        <BrandMark className="size-10" />
        <span className="text-xl font-semibold tracking-tight">Content Studio</span>
      </div>
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {description ? <p className="mt-1.5 text-sm text-slate-500">{description}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}

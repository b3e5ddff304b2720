/** A heading and a bulleted list under it (a persona's goals, an industry's drivers). */
export function TitledList({
  title,
  items,
  headingClassName = "text-sm font-semibold text-slate-900",
}: {
  title: string;
  items: string[];
  headingClassName?: string;
}) {
  return (
    <div>
      <h4 className={headingClassName}>{title}</h4>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

import { Spinner } from "@/components/ui/spinner";

/** A page that is doing one thing on its own (finishing a sign-in, confirming a link). */
export function WorkingView({ title, detail }: { title: string; detail: string }) {
  return (
    <div className="flex flex-col items-start gap-5" aria-busy="true">
      <Spinner label={title} className="mb-1" />
      <h1 className="text-3xl font-semibold tracking-tight sm:text-[2.15rem]">{title}</h1>
      <p className="text-muted">{detail}</p>
    </div>
  );
}

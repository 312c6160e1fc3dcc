import type { Style } from "@wonderkin/contract";
import { Check, Lock } from "lucide-react";
import type { ReactNode } from "react";
import { coveringRadioBaseClass } from "@/components/ui/segmented-control";
import { EXCLUSIVE_PLAN_NAME } from "@/entities/catalogue/catalogue";
import { cn } from "@/lib/cn";
import { CatalogueArt } from "./catalogue-art";

/** The picture and caption of a style: its preview art, its title, a lock when the plan lacks it. */
function TileFace({ style, locked, selected }: { style: Style; locked: boolean; selected: boolean }) {
  return (
    <>
      <CatalogueArt
        previewId={style.id}
        src={style.imagePath}
        art={style.art}
        className="aspect-[4/5] rounded-[inherit]"
        imageClassName={cn(
          "transition-transform duration-300 group-hover:scale-[1.03]",
          locked && "opacity-70 saturate-[.35]",
        )}
      />
      <span
        aria-hidden
        className="pointer-events-none absolute inset-x-0 bottom-0 h-2/5 rounded-b-[inherit] bg-gradient-to-t from-night-950/85 to-transparent"
      />
      <span className="pointer-events-none absolute inset-x-0 bottom-0 p-2.5 text-sm leading-tight font-bold text-white sm:p-3">
        {style.title}
      </span>
      {locked ? (
        <span className="pointer-events-none absolute top-2 right-2 inline-flex items-center gap-1 rounded-full bg-night-950/80 px-2 py-0.5 text-[0.7rem] font-bold text-white">
          <Lock className="size-3" aria-hidden /> {EXCLUSIVE_PLAN_NAME}
        </span>
      ) : null}
      {selected ? (
        <span className="pointer-events-none absolute top-2 right-2 grid size-7 place-items-center rounded-full bg-accent-500 text-night-950 shadow">
          <Check className="size-4" strokeWidth={3} aria-hidden />
        </span>
      ) : null}
    </>
  );
}

const tileClass = "group relative block overflow-hidden rounded-2xl bg-primary-50 shadow-(--shadow-card)";
/** The tile's ring at rest; a chosen tile has the accent ring instead. */
const restingRing = "ring-1 ring-black/5";

/** A style to look at (the catalogue before there is a studio to use it in). */
export function StyleTile({ style, locked }: { style: Style; locked: boolean }) {
  return (
    <figure className={cn(tileClass, restingRing)}>
      <TileFace style={style} locked={locked} selected={false} />
    </figure>
  );
}

/**
 * A style to choose: a radio button laid over the whole tile. Locked styles stay visible but cannot
 * be chosen; `describedBy` points at the sentence that says why.
 */
export function StyleRadioTile({
  style,
  name,
  checked,
  lockReason,
  describedBy,
  onSelect,
  children,
}: {
  style: Style;
  name: string;
  checked: boolean;
  lockReason: string | null;
  describedBy?: string;
  onSelect: () => void;
  children?: ReactNode;
}) {
  const locked = lockReason !== null;
  return (
    <label
      className={cn(
        tileClass,
        "transition-shadow",
        checked ? "ring-4 ring-accent-500 ring-offset-2 ring-offset-canvas" : restingRing,
        locked ? "cursor-not-allowed" : "cursor-pointer hover:shadow-(--shadow-lift)",
      )}
      title={lockReason ?? undefined}
    >
      <input
        type="radio"
        name={name}
        value={style.id}
        checked={checked}
        disabled={locked}
        onChange={onSelect}
        aria-describedby={locked ? describedBy : undefined}
        className={cn(coveringRadioBaseClass, "z-10", locked ? "cursor-not-allowed" : "cursor-pointer")}
      />
      <span className="sr-only">
        {style.title}
        {locked ? ` (${EXCLUSIVE_PLAN_NAME} plan)` : ""}
      </span>
      <span aria-hidden className="contents">
        <TileFace style={style} locked={locked} selected={checked} />
      </span>
      {children}
    </label>
  );
}

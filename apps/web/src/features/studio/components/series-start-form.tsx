import {
  type Child,
  findStyle,
  type PortraitSeries,
  portraitSeriesErrorCodes,
  styles,
} from "@wonderkin/contract";
import { type FormEvent, useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { ApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { useStartPortraitSeries } from "../api/portrait-series";
import { dayAndMonth, daysOf, monthName } from "../lib/series-words";

const byTitle = (a: string, b: string) => (findStyle(a)?.title ?? a).localeCompare(findStyle(b)?.title ?? b);

/**
 * Starts a yearly series: a style (the child's own portraits' styles first) and the day. A child
 * with a birth date is reminded on their birthday unless the parent picks another day; a child
 * known by age needs a day picked.
 */
export function SeriesStartForm({
  child,
  familyId,
  madeStyleIds,
  series,
}: {
  child: Pick<Child, "id" | "firstName" | "birthDate">;
  familyId: string;
  /** The styles the child already has portraits of, most made first. */
  madeStyleIds: readonly string[];
  series: readonly PortraitSeries[];
}) {
  const taken = new Set(series.map(({ styleId }) => styleId));
  const made = madeStyleIds.filter((id) => !taken.has(id) && findStyle(id));
  const others = useMemo(
    () =>
      styles
        .map(({ id }) => id)
        .filter((id) => !taken.has(id) && !made.includes(id))
        .sort(byTitle),
    [taken, made],
  );
  const birthday = child.birthDate
    ? { month: Number(child.birthDate.slice(5, 7)), day: Number(child.birthDate.slice(8, 10)) }
    : null;
  const [styleId, setStyleId] = useState(made[0] ?? "");
  const [onBirthday, setOnBirthday] = useState(birthday !== null);
  const [month, setMonth] = useState(birthday?.month ?? new Date().getMonth() + 1);
  const [day, setDay] = useState(birthday?.day ?? new Date().getDate());
  const start = useStartPortraitSeries(familyId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!styleId) return;
    start.mutate(
      { childId: child.id, styleId, ...(onBirthday ? {} : { remindOn: { month, day } }) },
      { onSuccess: () => setStyleId("") },
    );
  };
  const exists =
    start.error instanceof ApiError && start.error.code === portraitSeriesErrorCodes.alreadySeries;

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} aria-label="Start a yearly series">
      <Field label="Style" hint={styleId ? undefined : "Pick the style to make again every year."}>
        <Select value={styleId} onChange={(event) => setStyleId(event.target.value)}>
          <option value="">Choose a style</option>
          {made.length > 0 ? (
            <optgroup label={`${child.firstName}'s portraits`}>
              {made.map((id) => (
                <option key={id} value={id}>
                  {findStyle(id)?.title ?? id}
                </option>
              ))}
            </optgroup>
          ) : null}
          <optgroup label="All styles">
            {others.map((id) => (
              <option key={id} value={id}>
                {findStyle(id)?.title ?? id}
              </option>
            ))}
          </optgroup>
        </Select>
      </Field>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1.5 text-sm font-semibold text-ink">When we remind you</legend>
        {birthday ? (
          <label className="flex items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              className="size-4 accent-primary-600"
              checked={onBirthday}
              onChange={(event) => setOnBirthday(event.target.checked)}
            />
            On {child.firstName}'s birthday, {dayAndMonth(birthday)}
          </label>
        ) : (
          <p className="text-sm text-muted">
            We know {child.firstName}'s age but not their birthday: pick the day each year.
          </p>
        )}
        {onBirthday ? null : (
          <div className="grid grid-cols-[5rem_1fr] gap-3 sm:max-w-sm">
            <Field label="Day">
              <Select value={String(day)} onChange={(event) => setDay(Number(event.target.value))}>
                {daysOf(month).map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Month">
              <Select
                value={String(month)}
                onChange={(event) => {
                  const next = Number(event.target.value);
                  setMonth(next);
                  setDay((current) => Math.min(current, daysOf(next).length));
                }}
              >
                {Array.from({ length: 12 }, (_, index) => index + 1).map((value) => (
                  <option key={value} value={value}>
                    {monthName(value)}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
        )}
      </fieldset>
      {start.isError && !exists ? (
        <Alert tone="danger">{errorMessage(start.error, "We couldn't start this series.")}</Alert>
      ) : null}
      {exists ? <Alert tone="info">{errorMessage(start.error, "")}</Alert> : null}
      <Button type="submit" className="self-start" disabled={!styleId} pending={start.isPending}>
        Start the yearly series
      </Button>
    </form>
  );
}

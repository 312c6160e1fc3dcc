import type { SocialProvider } from "@wonderkin/contract";
import { familyRoleDescriptions, familyRoleLabels, familyRoles } from "@wonderkin/contract/rules";
import { Ban, Clock, Download, HeartHandshake, type LucideIcon, RefreshCw, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/error-message";
import { formatDate } from "@/lib/format-date";
import { usePublicConfig } from "@/lib/public-config";
import {
  days,
  EXPORT_KEPT_DAYS,
  EXPORT_LINK_HOURS,
  type RetentionPeriods,
  retentionRows,
} from "../lib/retention";

/** When these words last changed (shown on the page). */
const lastUpdated = "2026-11-29T12:00:00Z";

const yourDataPath = `${paths.accountSettings}#your-data`;

type Facts = {
  appName: string;
  retention: RetentionPeriods;
  photos: { min: number; max: number };
  faceDetection: boolean;
  /** The free instant previews made while a model trains; null when this deployment makes none. */
  previews: { portraits: number; referencePhotos: number } | null;
  socialProviders: SocialProvider[];
  /** How many days a portrait's share link works. */
  shareLinkDays: number;
  /** The child-safety screen (decision 0038): whether it runs, and the days a stopped picture is kept. */
  safety: { screening: boolean; quarantineDays: number };
};

const providerNames: Record<SocialProvider, string> = { google: "Google", facebook: "Facebook" };

function orList(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
}

const linkClass = "font-semibold text-primary-700 underline underline-offset-4 hover:text-primary-600";

function InlineLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={linkClass}>
      {children}
    </Link>
  );
}

function Paragraph({ children }: { children: ReactNode }) {
  return <p className="leading-relaxed text-ink/85">{children}</p>;
}

function List({ children }: { children: ReactNode }) {
  return (
    <ul className="flex list-disc flex-col gap-1.5 pl-5 leading-relaxed text-ink/85 marker:text-primary-400">
      {children}
    </ul>
  );
}

function SubHeading({ children }: { children: ReactNode }) {
  return <h3 className="mt-2 font-sans text-base font-bold text-ink">{children}</h3>;
}

/** Two columns on wide screens, stacked on phones: a table that stays readable at 360 px. */
function FactTable({
  label,
  rows,
}: {
  label: string;
  rows: { id: string; term: ReactNode; detail: ReactNode }[];
}) {
  return (
    <dl aria-label={label} className="divide-y divide-line overflow-hidden rounded-2xl ring-1 ring-line">
      {rows.map((row) => (
        <div key={row.id} className="grid gap-1 px-4 py-3.5 sm:grid-cols-[13rem_minmax(0,1fr)] sm:gap-5">
          <dt className="font-semibold text-ink">{row.term}</dt>
          <dd className="leading-relaxed text-ink/85">{row.detail}</dd>
        </div>
      ))}
    </dl>
  );
}

type Section = {
  id: string;
  title: string;
  body: (facts: Facts) => ReactNode;
  /** Only for deployments where it applies (absent: always). */
  shown?: (facts: Facts) => boolean;
};

/** What the safety check stopped is remembered by: never the picture itself unless kept for review. */
const safetyRecord =
  "a fingerprint of the picture (a SHA-256 hash, from which the picture cannot be rebuilt), the check's scores, your family, the time and the reason";

const sections: Section[] = [
  {
    id: "what-we-collect",
    title: "What we collect",
    body: (facts) => (
      <>
        <SubHeading>About you</SubHeading>
        <List>
          <li>Your first and last name, your e-mail address and, if you add one, a link to your picture.</li>
          <li>
            Your password, stored only as a one-way hash that nobody can read back
            {facts.socialProviders.length > 0
              ? ` — or, if you sign in with ${orList(facts.socialProviders.map((provider) => providerNames[provider]))}, the name, e-mail address and picture link they share with us (never your password there)`
              : ""}
            .
          </li>
          <li>
            For each device you sign in on: its internet address and browser, to keep you signed in and to
            protect your account.
          </li>
          <li>
            In your browser, a cookie,{" "}
            <code className="rounded bg-canvas px-1 font-mono text-sm">wk_signed_in_before</code>, that says
            only that someone has signed in there, so that it opens the sign-in page rather than sign-up. It
            holds nothing about you, lasts up to 400 days and is removed when you delete your account.
          </li>
          <li>
            Your families: their names and pictures, who is in them with which role, and the invitations sent.
          </li>
        </List>
        <SubHeading>About your children</SubHeading>
        <List>
          <li>Each child's first name, age or birth date (if you give it), and gender.</li>
          <li>
            The photos of your child you upload to train their model (between {facts.photos.min} and{" "}
            {facts.photos.max}). We re-create each photo from its pixels alone, so nothing your camera or
            phone added is kept: no location, no date, no device.
            {facts.faceDetection
              ? " Each one is checked on our own servers for your child's clear face."
              : ""}
          </li>
          {facts.faceDetection ? (
            <li data-testid="group-photos">
              Group photos: when a photo shows other people too (siblings, cousins, friends), our servers find
              every face in it only to tell which one is your child's, by comparing them with your child's
              other photos, or you tap your child. What we keep is a square around your child's face with
              every other face blurred beyond recognition; the photo as you uploaded it is not kept. Nothing
              about the other people — no face descriptor, no face position, no estimate of age — is stored or
              sent to anyone: it exists only in our server's memory while the photo is checked.
            </li>
          ) : null}
          {facts.faceDetection ? (
            <li data-testid="face-descriptors">
              For each photo with a clear face, a face descriptor and an estimate of the age, which our own
              servers compute from the photo. The descriptor is 128 numbers that describe the face; the photo
              cannot be rebuilt from them. We use them only to check that every photo shows the same child, to
              ask you when a photo looks like an adult, to rank the photos, and to check that every portrait
              looks like your child. The estimated age is never shown. Face descriptors are biometric data:
              they are kept only in our database and never sent to the image-model provider, to analytics or
              to anyone else. We also keep your child's reference face — the descriptor of the photo most
              typical of the set — to check new portraits. A photo's descriptor is deleted with the photo; the
              reference face is deleted with your child or your account.
            </li>
          ) : null}
          <li>
            The private image model trained on those photos, and every portrait your family makes with it.
          </li>
          <li>
            The share links your family makes to single portraits: which portrait, who made the link, when,
            until when it works, and when it was stopped.
          </li>
          {facts.safety.screening ? (
            <li>
              For a photo or portrait that fails our automatic safety check: a record of the check
              {facts.safety.quarantineDays > 0
                ? `, and for ${days(facts.safety.quarantineDays)} an encrypted copy of the picture for our team's review`
                : ""}{" "}
              (see{" "}
              <a href="#safety-checks" className={linkClass}>
                Safety checks
              </a>
              ).
            </li>
          ) : null}
          {facts.previews ? (
            <li data-testid="previews">
              The free previews: while the model trains, a few portraits made from up to{" "}
              {facts.previews.referencePhotos} of your child's best photos, marked “Preview”. They are kept
              with the portraits.
            </li>
          ) : null}
        </List>
        <SubHeading>Consents, credits and payments</SubHeading>
        <List>
          <li>
            Each time you accept the parental consent agreement: its version, the date and time, your internet
            address and browser, as proof of your consent.
          </li>
          <li>
            Your credits and their history, the plans and top-ups you buy, your payment records, and the
            invoice details you enter (name, address, tax number). Card numbers are typed at our payment
            provider and never reach us.
          </li>
        </List>
        <SubHeading>How you found us</SubHeading>
        <List>
          <li>
            The campaign details in the link you arrived by (UTM parameters), advertising click ids
            (Facebook's fbp and fbc, the Google Analytics client id), the site you came from and the first
            page you saw.
          </li>
          <li>
            A first-party cookie, <code className="rounded bg-canvas px-1 font-mono text-sm">wk_vid</code>,
            that recognises your browser so each visit is counted once.
          </li>
          <li>
            Once your e-mail address is confirmed, we link these to your account, with your device type and
            operating system, to learn which campaigns bring families who stay.
          </li>
        </List>
        <Alert tone="info" className="mt-1">
          If your browser sends Do-Not-Track or Global Privacy Control, none of this analytics happens:
          nothing is stored in your browser and nothing is sent.
        </Alert>
      </>
    ),
  },
  {
    id: "why",
    title: "Why we use it",
    body: (facts) => (
      <>
        <List>
          <li>
            To run {facts.appName} for you: your account, your family, signing in, and making portraits.
          </li>
          <li>
            To train a private model of your child that is used only to make portraits for your family — never
            to train other models, never for advertising, and never published.
          </li>
          {facts.safety.screening ? (
            <li>
              To keep children safe: every photo and portrait is checked automatically for nudity and sexual
              content (see{" "}
              <a href="#safety-checks" className={linkClass}>
                Safety checks
              </a>
              ).
            </li>
          ) : null}
          <li>To take payments and keep the records tax law requires.</li>
          <li>
            To send the e-mails you need: confirming your address, sign-in links, invitations, receipts, your
            data export, and confirmations when something is deleted.
          </li>
          <li>To keep accounts safe, for example by slowing down repeated wrong passwords.</li>
          <li>To learn which of our campaigns bring families, when your browser allows analytics.</li>
        </List>
        <Paragraph>We don't sell your data or your children's, and we don't show advertising.</Paragraph>
      </>
    ),
  },
  {
    id: "where",
    title: "Where it is processed",
    body: (facts) => (
      <>
        <SubHeading>Our servers and storage</SubHeading>
        <Paragraph>
          Everything is kept in our database and file storage, on our servers or with a storage service we
          rent that keeps files only for us. Photos and portraits are shown only through private links that
          expire after a short time.
        </Paragraph>
        <SubHeading>The image-model provider</SubHeading>
        <Paragraph>
          Who trains your child's model and makes the portraits{facts.previews ? " and previews" : ""} depends
          on how {facts.appName} is set up:
        </Paragraph>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="rounded-2xl bg-canvas p-4 ring-1 ring-line">
            <p className="font-semibold text-ink">Our own model (the default)</p>
            <p className="mt-1 text-sm leading-relaxed text-ink/80">
              {facts.previews ? "Training, previews and portraits" : "Training and portraits"} run offline on
              our own servers. Your child's photos never leave them.
            </p>
          </div>
          <div className="rounded-2xl bg-canvas p-4 ring-1 ring-line">
            <p className="font-semibold text-ink">Replicate (when we use it)</p>
            <p className="mt-1 text-sm leading-relaxed text-ink/80">
              Replicate receives a zip of your child's training photos, deleted there once training ends, and
              for each portrait its prompt: the style, your child's age and gender, and a code word for the
              model (never their name). Every portrait it makes is copied to our storage at once. Deleting
              your child deletes their model at Replicate too.
            </p>
            {facts.previews ? (
              <p className="mt-2 text-sm leading-relaxed text-ink/80" data-testid="replicate-previews">
                While the model trains, Replicate's reference-image model, FLUX.2 [pro] by Black Forest Labs,
                also receives up to {facts.previews.referencePhotos} of your child's best photos and, for each
                free preview, its prompt: the style, your child's age and gender (never their name). Replicate
                deletes the photos it was sent and the previews it made an hour after each request; each
                preview is copied to our storage at once.
              </p>
            ) : null}
          </div>
        </div>
        <SubHeading>Other services we use</SubHeading>
        <List>
          <li>
            <strong className="font-semibold text-ink">E-mail delivery:</strong> our e-mail provider receives
            your address and each message, to deliver it.
          </li>
          <li>
            <strong className="font-semibold text-ink">Payments:</strong> when payments are taken by Stripe,
            Stripe receives your card details, e-mail address and invoice details and handles them under its
            own privacy policy; we receive the result and the amount, never the card number.
          </li>
          {facts.socialProviders.length > 0 ? (
            <li>
              <strong className="font-semibold text-ink">Sign-in:</strong> if you choose to sign in with{" "}
              {orList(facts.socialProviders.map((provider) => providerNames[provider]))}, they tell us who you
              are, and they learn that you use {facts.appName}.
            </li>
          ) : null}
          <li>
            <strong className="font-semibold text-ink">Analytics:</strong> our analytics are our own, kept in
            our database. If we pass them on to an analytics service (PostHog), it receives the same visit
            details and profile (name, e-mail, device, campaign) — never photos, portraits or anything about
            your children.
          </li>
        </List>
      </>
    ),
  },
  {
    id: "safety-checks",
    title: "Safety checks",
    shown: (facts) => facts.safety.screening,
    body: (facts) => (
      <div data-testid="safety-checks" className="flex flex-col gap-4">
        <Paragraph>
          Every photo you upload — your child's photos and the family picture — and every portrait
          {facts.previews ? " and preview" : ""} we make is checked automatically, on our own servers, before
          it is stored or anyone can see it. The check is a model that recognises nudity and sexual content.
          It runs offline: nothing is sent to anyone for it.
        </Paragraph>
        <List>
          <li>
            <strong className="font-semibold text-ink">A photo that doesn't pass</strong> is refused, with a
            note asking for photos where your child is fully dressed, like everyday clothes. It is not added
            to your child's photos and is never used. Ordinary pictures, a day at the beach included, normally
            pass.
          </li>
          <li>
            <strong className="font-semibold text-ink">A portrait that doesn't pass</strong> is never shown,
            shared, printed or e-mailed, and is not stored where your family can reach it. We make it again
            once, free; if that one doesn't pass either, the gallery says it didn't work and your credit is
            given back.{facts.previews ? " A preview that doesn't pass is simply left out." : null}
          </li>
          <li>
            <strong className="font-semibold text-ink">What we keep:</strong>{" "}
            {facts.safety.quarantineDays > 0
              ? `a record of the check — ${safetyRecord} — and, for ${days(facts.safety.quarantineDays)}, an encrypted copy of the picture, so that a person on our team can review the decision. Only our team can reach that copy; it is deleted when the ${days(facts.safety.quarantineDays)} end, or sooner when you delete the child, the family or your account. The record is deleted with your child or your family.`
              : `no copy of the picture. We keep only a record of the check — ${safetyRecord} — which is deleted with your child or your family.`}
          </li>
          <li>
            <strong className="font-semibold text-ink">What our team may do:</strong> review what the check
            stopped.
            {facts.safety.quarantineDays > 0
              ? " If the check was wrong, the picture is delivered to you after all."
              : null}{" "}
            If they confirm it, they may pause making portraits for your family while they look into it. What
            they decided, and why, is recorded, without the picture.
          </li>
          <li>
            <strong className="font-semibold text-ink">Its limits:</strong> no automatic check is perfect. Now
            and then it may stop an ordinary picture, or miss one it should have stopped: it is a safety net,
            not a guarantee.
          </li>
        </List>
        <Paragraph>
          Nothing is reported to anyone automatically. If a picture ever appeared to show the sexual abuse of
          a child, the law may require us to report it to the authorities.
        </Paragraph>
      </div>
    ),
  },
  {
    id: "how-long",
    title: "How long we keep it",
    body: (facts) => (
      <>
        <FactTable
          label="How long we keep each kind of data"
          rows={retentionRows(facts.retention, {
            faceDetection: facts.faceDetection,
            previews: facts.previews !== null,
            safety: facts.safety,
          }).map((row) => ({
            id: row.id,
            term: row.what,
            detail: row.howLong,
          }))}
        />
        <Paragraph>
          What we have already sent you stays with you: e-mails in your inbox, and any zip of your data you
          have downloaded.
        </Paragraph>
      </>
    ),
  },
  {
    id: "who-can-see-it",
    title: "Who can see it",
    body: (facts) => (
      <>
        <Paragraph>
          Your children, their photos and portraits are seen by the people in their family, according to their
          role. You decide who is in your family on the{" "}
          <InlineLink to={paths.familySettings}>family page</InlineLink>.
        </Paragraph>
        <FactTable
          label="What each family role can do"
          rows={familyRoles.map((role) => ({
            id: role,
            term: familyRoleLabels[role],
            detail:
              role === "owner"
                ? `${familyRoleDescriptions[role]} Only owners can delete a child.`
                : familyRoleDescriptions[role],
          }))}
        />
        <Paragraph>
          Nobody outside your family sees them, except a portrait someone in your family chooses to share by
          link (below). People at our company look at your data only when running the service needs it
          {facts.safety.screening && facts.safety.quarantineDays > 0
            ? ", to review a picture that failed the safety check,"
            : ""}{" "}
          or when you ask us for help.
        </Paragraph>
        <SubHeading>Portraits you share by link</SubHeading>
        <div data-testid="share-links">
          <List>
            <li>
              <strong className="font-semibold text-ink">What is shared:</strong> only when you choose “Copy
              link” on a finished portrait, that one picture, on a page of its own. The page shows the picture
              alone: not your child's name, not your family, nothing else about you, and no way to reach the
              rest of the gallery. Search engines are asked not to list it.
            </li>
            <li>
              <strong className="font-semibold text-ink">With whom:</strong> anyone who has the link — whoever
              you send it to, and anyone they pass it on to. The link is long and random, so nobody can guess
              it.
            </li>
            <li>
              <strong className="font-semibold text-ink">For how long:</strong> {days(facts.shareLinkDays)}{" "}
              from when it is made; the gallery shows until when (“Shared · until …”). Copying the link again
              gives the same link.
            </li>
            <li>
              <strong className="font-semibold text-ink">How to stop it:</strong> choose “Stop sharing” on the
              portrait in the gallery, and the link stops working at once. Deleting the portrait, the child,
              the family or your account stops it too.
              {facts.previews ? " Free previews are never shared by link." : null}
            </li>
          </List>
        </div>
      </>
    ),
  },
  {
    id: "your-choices",
    title: "Take a copy, or delete",
    body: (facts) => (
      <>
        <List>
          <li>
            <strong className="font-semibold text-ink">A copy of everything:</strong> in{" "}
            <InlineLink to={yourDataPath}>account settings, under “Your data”</InlineLink>, choose “Download
            all your data”. We prepare a zip of your account, families, children, consents, credits and
            payments, with every photo{facts.previews ? ", portrait and preview" : " and portrait"}, and
            e-mail you a link. It is kept for {days(EXPORT_KEPT_DAYS)}; the e-mailed link works for{" "}
            {EXPORT_LINK_HOURS} hours.
          </li>
          <li>
            <strong className="font-semibold text-ink">A photo:</strong> remove it on the photo upload page.
          </li>
          <li>
            <strong className="font-semibold text-ink">A shared link:</strong> choose “Stop sharing” on the
            portrait in the gallery. Your data export lists every link your family made.
          </li>
          <li>
            <strong className="font-semibold text-ink">A child:</strong> family owners choose “Delete” next to
            the child on the <InlineLink to={paths.familySettings}>family page</InlineLink>. Their details,
            photos, trained model (at the image-model provider too)
            {facts.previews ? ", portraits and previews" : " and portraits"} are deleted at once.
          </li>
          <li>
            <strong className="font-semibold text-ink">A family:</strong> owners delete it, with every child
            in it, at the bottom of the family page.
          </li>
          <li>
            <strong className="font-semibold text-ink">Your account:</strong> in{" "}
            <InlineLink to={yourDataPath}>account settings, under “Your data”</InlineLink>, choose “Delete
            account”. Families only you are in are deleted with their children; families you share stay with
            their other members. Any plan is cancelled at once.
          </li>
        </List>
        <Paragraph>
          Deleting is also how you withdraw your consent: once something is deleted, we no longer process it,
          and you don't need to give a reason. You can change your name, picture and e-mail address in account
          settings at any time.
        </Paragraph>
      </>
    ),
  },
  {
    id: "children",
    title: "About children",
    body: (facts) => (
      <Paragraph>
        {facts.appName} is for parents and legal guardians. Children don't have accounts and don't use it.
        Only a child's parent or legal guardian may add them, after reading and accepting our parental consent
        agreement, which says all of this again, for your child.
      </Paragraph>
    ),
  },
  {
    id: "security",
    title: "How we protect it",
    body: (facts) => (
      <List>
        <li>Passwords are stored only as one-way hashes; repeated wrong passwords are slowed down.</li>
        <li>Photos lose everything but their pixels before they are stored.</li>
        {facts.safety.screening ? (
          <li>
            Every photo and portrait is checked for nudity and sexual content before it is stored or shown
            {facts.safety.quarantineDays > 0
              ? "; a picture kept for our team's review is encrypted and deleted when its time ends"
              : ""}
            .
          </li>
        ) : null}
        {facts.faceDetection ? (
          <li>Face descriptors stay in our own database and are never sent to any other service.</li>
        ) : null}
        <li>Photos, portraits and exports are reached only through private links that expire.</li>
        <li>
          Deleting really deletes: files first, then records, then the copy at the image-model provider.
        </li>
      </List>
    ),
  },
  {
    id: "changes",
    title: "Changes and questions",
    body: () => (
      <Paragraph>
        When this policy changes, the date at the top changes, and we tell you by e-mail about anything
        important. If the parental consent agreement changes, we ask you to accept it again before you add a
        child or upload photos. Questions about your data? Reply to any e-mail from us.
      </Paragraph>
    ),
  },
];

function Highlight({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span className="grid size-9 shrink-0 place-items-center rounded-full bg-white/80 text-primary-700 ring-1 ring-primary-100">
        <Icon className="size-4.5" aria-hidden />
      </span>
      <span className="pt-1.5 leading-snug text-ink">{children}</span>
    </li>
  );
}

function TableOfContents({ entries }: { entries: Section[] }) {
  return (
    <nav
      aria-labelledby="contents-title"
      className="rounded-(--radius-card) bg-surface p-5 shadow-(--shadow-card)"
    >
      <h2 id="contents-title" className="font-sans text-sm font-bold tracking-wide text-muted uppercase">
        Contents
      </h2>
      <ol className="mt-3 flex flex-col gap-0.5 text-[0.95rem]">
        {entries.map((section, index) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="flex gap-2.5 rounded-lg px-2 py-1 text-ink sm:py-1.5 transition-colors hover:bg-primary-50 hover:text-primary-700"
            >
              <span className="w-4 shrink-0 text-right font-semibold text-primary-600 tabular-nums">
                {index + 1}
              </span>
              <span>{section.title}</span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * Wide screens: the contents in a sticky column on the left, the policy on the right. Phones: the
 * summary first, then the contents, then the policy.
 */
function Policy({ facts }: { facts: Facts }) {
  const shown = sections.filter((section) => section.shown?.(facts) ?? true);
  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-x-10">
      <section
        aria-labelledby="in-short"
        className="rounded-(--radius-card) bg-gradient-to-br from-primary-50 to-accent-100/60 p-6 ring-1 ring-primary-100 sm:p-8 lg:col-start-2 lg:row-start-1"
      >
        <h2 id="in-short" className="text-xl font-semibold text-ink">
          In short
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          <Highlight icon={HeartHandshake}>
            Your child's photos are used only to make portraits for your family.
          </Highlight>
          <Highlight icon={Clock}>
            Training photos are deleted {days(facts.retention.trainingPhotosDays)} after training.
          </Highlight>
          <Highlight icon={Ban}>We never sell your data or use it for advertising.</Highlight>
          <Highlight icon={Download}>You can download or delete everything, at any time.</Highlight>
        </ul>
      </section>
      <div className="lg:sticky lg:top-24 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:self-start">
        <TableOfContents entries={shown} />
      </div>
      <div className="flex min-w-0 flex-col gap-6 lg:col-start-2">
        {shown.map((section, index) => (
          <Card key={section.id} className="scroll-mt-24" id={section.id}>
            <section aria-labelledby={`${section.id}-title`} className="flex flex-col gap-4">
              <div className="flex items-center gap-3">
                <span
                  aria-hidden
                  className="grid size-8 shrink-0 place-items-center rounded-full bg-primary-50 text-sm font-bold text-primary-700"
                >
                  {index + 1}
                </span>
                <h2 id={`${section.id}-title`} className="text-xl font-semibold text-ink sm:text-2xl">
                  {section.title}
                </h2>
              </div>
              {section.body(facts)}
            </section>
          </Card>
        ))}
      </div>
    </div>
  );
}

/** /privacy-policy (public): what we keep about parents and children, and the ways to take it back. */
export function PrivacyPolicyPage() {
  const config = usePublicConfig();
  const appName = config.data?.appName;
  return (
    <article className="mx-auto max-w-5xl">
      <header className="flex flex-col gap-3">
        <span className="inline-flex items-center gap-2 self-start rounded-full bg-primary-100 px-3 py-1 text-sm font-semibold text-primary-700">
          <ShieldCheck className="size-4" aria-hidden /> Privacy
        </span>
        <h1 className="text-3xl font-semibold tracking-tight text-ink sm:text-[2.5rem]">Privacy policy</h1>
        <p className="text-sm text-muted">Last updated {formatDate(lastUpdated)}</p>
        <p className="max-w-3xl text-[1.05rem] leading-relaxed text-ink/85">
          {appName ?? "We"}
          {appName ? " makes" : " make"} themed portraits of children from photos their parents upload. This
          page explains, in plain words, what we keep about you and your children, why, where it is processed,
          for how long, who can see it, and how to take a copy or delete it.
        </p>
      </header>
      {config.data ? (
        <Policy facts={config.data} />
      ) : config.isError ? (
        <Alert tone="danger" className="mt-8">
          <p>{errorMessage(config.error, "We couldn't load the privacy policy.")}</p>
          <Button variant="link" className="mt-1" onClick={() => void config.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </Alert>
      ) : (
        <Card className="mt-8 grid min-h-48 place-items-center">
          <Spinner label="Loading the privacy policy" />
        </Card>
      )}
    </article>
  );
}

export { PrivacyPolicyPage as Component };

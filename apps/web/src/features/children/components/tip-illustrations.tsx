import { type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";

/*
 * Illustrated examples of good and poor training photos, drawn for the product: one friendly,
 * stylised child in the brand's colours, photographed well and badly. Inline SVG (no image files,
 * nothing to load); each drawing is decorative, and its caption on the page says what it shows.
 */

const ink = "#1d1836";
const palette = {
  skin: "#f4c7a5",
  skinShade: "#e7ae88",
  hair: "#5b3a29",
  shirt: "#7c5cff",
  cheek: "#ff8a5b",
};

type KidOptions = {
  x?: number;
  y?: number;
  scale?: number;
  skin?: string;
  hair?: string;
  shirt?: string;
  expression?: "smile" | "laugh";
  sunglasses?: boolean;
  hat?: boolean;
};

/** The child, drawn around the centre of the head (0, 0), head radius 31. */
function Kid({
  x = 100,
  y = 84,
  scale = 1,
  skin = palette.skin,
  hair = palette.hair,
  shirt = palette.shirt,
  expression = "smile",
  sunglasses = false,
  hat = false,
}: KidOptions) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <path d="M-50 80 C-48 48 -27 35 0 35 C27 35 48 48 50 80 Z" fill={shirt} />
      <path d="M-12 35 Q0 45 12 35" fill="none" stroke="#ffffff" strokeOpacity="0.5" strokeWidth="3" />
      <rect x="-9" y="22" width="18" height="16" rx="6" fill={palette.skinShade} />
      <circle cx="-30" cy="4" r="7" fill={skin} />
      <circle cx="30" cy="4" r="7" fill={skin} />
      <circle cx="0" cy="0" r="31" fill={skin} />
      <path
        d="M-31 -2 C-34 -28 -16 -39 0 -39 C18 -39 35 -28 31 -2 C27 -15 15 -22 1 -20 C-12 -21 -24 -15 -31 -2 Z"
        fill={hair}
      />
      {hat ? null : (
        <path d="M-4 -38 q8 -10 16 -3" fill="none" stroke={hair} strokeWidth="4" strokeLinecap="round" />
      )}
      <path
        d="M-16 -8 q5 -3 10 0 M6 -8 q5 -3 10 0"
        fill="none"
        stroke={hair}
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <circle cx="-11" cy="2" r="3.8" fill={ink} />
      <circle cx="11" cy="2" r="3.8" fill={ink} />
      <circle cx="-9.8" cy="0.8" r="1.2" fill="#ffffff" />
      <circle cx="12.2" cy="0.8" r="1.2" fill="#ffffff" />
      <circle cx="-18" cy="12" r="5" fill={palette.cheek} opacity="0.35" />
      <circle cx="18" cy="12" r="5" fill={palette.cheek} opacity="0.35" />
      {expression === "laugh" ? (
        <>
          <path d="M-10 12 Q0 29 10 12 Z" fill="#7a2e3b" />
          <path d="M-5 20 Q0 24 5 20" fill="none" stroke="#ff8a8a" strokeWidth="3" strokeLinecap="round" />
        </>
      ) : (
        <path d="M-9 13 Q0 21 9 13" fill="none" stroke={ink} strokeWidth="3" strokeLinecap="round" />
      )}
      {sunglasses ? (
        <g>
          <path d="M-31 -1 L-20 0 M31 -1 L20 0" stroke={ink} strokeWidth="2.5" />
          <rect x="-21" y="-5" width="18" height="13" rx="5" fill={ink} />
          <rect x="3" y="-5" width="18" height="13" rx="5" fill={ink} />
          <path d="M-3 0 Q0 -3 3 0" fill="none" stroke={ink} strokeWidth="2.5" />
          <path
            d="M-17 -2 l5 0 M7 -2 l5 0"
            stroke="#ffffff"
            strokeOpacity="0.6"
            strokeWidth="1.6"
            strokeLinecap="round"
          />
        </g>
      ) : null}
      {hat ? (
        <g>
          <ellipse cx="0" cy="0" rx="30" ry="9" fill={ink} opacity="0.16" />
          <path d="M-27 -12 C-27 -46 27 -46 27 -12 Z" fill="#ff8a5b" />
          <rect x="-27" y="-19" width="54" height="7" fill="#f06a36" />
          <ellipse cx="0" cy="-11" rx="47" ry="9" fill="#ffa37e" />
        </g>
      ) : null}
    </g>
  );
}

function Frame({ children, background }: { children: ReactNode; background: string }) {
  const clipId = useId();
  return (
    <svg viewBox="0 0 200 160" aria-hidden className="block h-auto w-full" focusable="false">
      <defs>
        <clipPath id={clipId}>
          <rect width="200" height="160" rx="14" />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clipId})`}>
        <rect width="200" height="160" fill={background} />
        {children}
      </g>
    </svg>
  );
}

function ClearFace() {
  return (
    <Frame background="#e9e3ff">
      <circle cx="100" cy="84" r="62" fill="#f4f1ff" />
      <Kid />
    </Frame>
  );
}

function GoodLight() {
  return (
    <Frame background="#fff3e6">
      <rect x="128" y="14" width="56" height="68" rx="6" fill="#ffffff" opacity="0.85" />
      <path d="M156 14 V82 M128 48 H184" stroke="#ffe9df" strokeWidth="4" />
      <path d="M128 82 L40 160 L120 160 L184 82 Z" fill="#ffffff" opacity="0.35" />
      <Kid x={92} shirt="#ff8a5b" />
    </Frame>
  );
}

function Variety() {
  return (
    <Frame background="#dff3ff">
      <circle cx="34" cy="30" r="14" fill="#ffd37a" />
      <path d="M0 118 Q60 92 120 112 T200 104 V160 H0 Z" fill="#9fd9a8" />
      <path d="M0 132 Q80 112 200 130 V160 H0 Z" fill="#7cc48a" />
      <Kid x={96} y={86} expression="laugh" shirt="#1c8a55" hair="#8a5a2b" />
    </Frame>
  );
}

function CloseUp() {
  return (
    <Frame background="#ffe9df">
      <circle cx="30" cy="30" r="40" fill="#fff3e6" />
      <Kid y={82} scale={1.45} shirt="#6440f0" hair="#3b2418" />
    </Frame>
  );
}

function Sunglasses() {
  return (
    <Frame background="#e9e3ff">
      <circle cx="100" cy="84" r="62" fill="#f4f1ff" />
      <Kid sunglasses />
    </Frame>
  );
}

function Hat() {
  return (
    <Frame background="#fff3e6">
      <Kid y={90} hat shirt="#3b3070" />
    </Frame>
  );
}

/** A group photo as it is kept: the child outlined, everyone else blurred. */
function Group() {
  const blurId = useId();
  return (
    <Frame background="#e9e3ff">
      <defs>
        <filter id={blurId} x="-30%" y="-30%" width="160%" height="160%">
          <feGaussianBlur stdDeviation="5" />
        </filter>
      </defs>
      <g filter={`url(#${blurId})`}>
        <Kid x={38} y={92} scale={0.78} skin="#c98b62" hair="#1d1836" shirt="#ff8a5b" />
        <Kid x={162} y={92} scale={0.78} skin="#f7d7bd" hair="#d6a04a" shirt="#1c8a55" expression="laugh" />
      </g>
      <Kid x={100} y={86} scale={0.86} />
      <ellipse
        cx="100"
        cy="70"
        rx="34"
        ry="40"
        fill="none"
        stroke="#ffffff"
        strokeWidth="3"
        strokeDasharray="7 5"
      />
    </Frame>
  );
}

function Blurry() {
  const blurId = useId();
  return (
    <Frame background="#e9e3ff">
      <defs>
        <filter id={blurId} x="-20%" y="-20%" width="140%" height="140%">
          <feGaussianBlur stdDeviation="3.2" />
        </filter>
      </defs>
      <g filter={`url(#${blurId})`}>
        <circle cx="100" cy="84" r="62" fill="#f4f1ff" />
        <Kid x={104} />
        <g opacity="0.45">
          <Kid x={94} />
        </g>
      </g>
    </Frame>
  );
}

function Filtered() {
  const filterId = useId();
  return (
    <Frame background="#e9e3ff">
      <defs>
        <filter id={filterId}>
          <feColorMatrix type="hueRotate" values="150" />
          <feColorMatrix type="saturate" values="1.8" />
        </filter>
      </defs>
      <g filter={`url(#${filterId})`}>
        <circle cx="100" cy="84" r="62" fill="#f4f1ff" />
        <Kid />
      </g>
      <g fill="#ffffff" stroke="#ff8ac8" strokeWidth="3">
        <path d="M76 46 C62 10 72 2 82 10 C88 16 90 34 88 48 Z" />
        <path d="M124 46 C138 10 128 2 118 10 C112 16 110 34 112 48 Z" />
      </g>
      <g fill="#ffd37a">
        <path d="M40 40 l4 9 9 4 -9 4 -4 9 -4 -9 -9 -4 9 -4 Z" />
        <path d="M160 110 l3 7 7 3 -7 3 -3 7 -3 -7 -7 -3 7 -3 Z" />
        <path d="M150 30 l2 5 5 2 -5 2 -2 5 -2 -5 -5 -2 5 -2 Z" />
      </g>
    </Frame>
  );
}

function TooFar() {
  return (
    <Frame background="#dff3ff">
      <circle cx="40" cy="32" r="14" fill="#ffd37a" />
      <path d="M0 96 Q50 72 100 92 T200 84 V160 H0 Z" fill="#9fd9a8" />
      <path d="M0 124 Q90 104 200 122 V160 H0 Z" fill="#7cc48a" />
      <rect x="150" y="64" width="6" height="30" fill="#8a5a2b" />
      <circle cx="153" cy="58" r="18" fill="#1c8a55" />
      <Kid x={92} y={100} scale={0.2} />
    </Frame>
  );
}

export type TipExample = {
  id: string;
  kind: "good" | "bad";
  title: string;
  detail: string;
  Illustration: () => ReactNode;
};

export const tipExamples: TipExample[] = [
  {
    id: "clear",
    kind: "good",
    title: "Face clear and in focus",
    detail: "Looking towards the camera, nothing in front of the face.",
    Illustration: ClearFace,
  },
  {
    id: "light",
    kind: "good",
    title: "Soft daylight",
    detail: "By a window or outside in the shade: no harsh shadows.",
    Illustration: GoodLight,
  },
  {
    id: "variety",
    kind: "good",
    title: "Different looks and places",
    detail: "Smiling, laughing, thoughtful; at home, in the park.",
    Illustration: Variety,
  },
  {
    id: "close-up",
    kind: "good",
    title: "Close enough",
    detail: "Head and shoulders fill most of the photo.",
    Illustration: CloseUp,
  },
  {
    id: "sunglasses",
    kind: "bad",
    title: "Sunglasses",
    detail: "They hide the eyes, which the portraits need most.",
    Illustration: Sunglasses,
  },
  {
    id: "hat",
    kind: "bad",
    title: "Hats and caps",
    detail: "They hide the hair and shade the face.",
    Illustration: Hat,
  },
  {
    id: "group",
    kind: "good",
    title: "Group photos welcome",
    detail:
      "Siblings, cousins, the birthday table: you tap your child once, and we keep only their face and blur everyone else.",
    Illustration: Group,
  },
  {
    id: "blurry",
    kind: "bad",
    title: "Blurry or shaky",
    detail: "An out-of-focus photo teaches the model a blurry face.",
    Illustration: Blurry,
  },
  {
    id: "filter",
    kind: "bad",
    title: "Filters and stickers",
    detail: "Colour filters, ears and sparkles change how your child looks.",
    Illustration: Filtered,
  },
  {
    id: "far",
    kind: "bad",
    title: "Too far away",
    detail: "The face should fill a good part of the photo.",
    Illustration: TooFar,
  },
];

/** The child drawn on its own, for calls to action (a family without a child yet). */
export function ChildPortraitIllustration({ className }: { className?: string }) {
  return (
    <div className={cn("overflow-hidden rounded-3xl", className)}>
      <ClearFace />
    </div>
  );
}

import { useId } from 'react';
import { site } from '../../site-config.ts';
import { ratingNames } from './rating-names.ts';

const colors = {
  community: '#5cc8ff',
  critics: '#ff6b5c',
  gold: '#ffc94d',
  ink100: '#eceef4',
  ink300: '#b4b9ca',
  ink600: '#2e3346',
};

interface Title {
  name: string;
  /** Where the poster's light source sits, so no two posters look alike. */
  sun: [number, number];
  community: string;
  critics: string;
  from: string;
  to: string;
}

/** Made-up titles: the mock-up never shows a real film or a real streaming service. */
const row: Title[] = [
  {
    name: 'Emberline',
    sun: [92, 460],
    community: '8.1',
    critics: '94%',
    from: '#3b0d2e',
    to: '#e0533d',
  },
  {
    name: 'Northbound',
    sun: [40, 440],
    community: '7.4',
    critics: '81%',
    from: '#0b3d3a',
    to: '#62c6a1',
  },
  {
    name: 'Paper Moons',
    sun: [70, 476],
    community: '6.8',
    critics: '72%',
    from: '#1d2b64',
    to: '#c58fb0',
  },
  {
    name: 'Salt & Gold',
    sun: [100, 430],
    community: '8.7',
    critics: '97%',
    from: '#2b1a0e',
    to: '#d99612',
  },
  {
    name: 'Deep Signal',
    sun: [48, 470],
    community: '7.1',
    critics: '64%',
    from: '#0c1424',
    to: '#2f8fc4',
  },
  {
    name: 'Last Orbit',
    sun: [84, 448],
    community: '5.9',
    critics: '48%',
    from: '#1f1030',
    to: '#8a4fd1',
  },
];

function RatingBadge({
  x,
  y,
  community,
  critics,
}: {
  x: number;
  y: number;
  community: string;
  critics: string;
}) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect width="104" height="24" rx="12" fill="#07080c" fillOpacity="0.88" />
      <path
        d="M14 6l1.9 3.9 4.3.6-3.1 3 .7 4.2-3.8-2-3.8 2 .7-4.2-3.1-3 4.3-.6z"
        fill={colors.community}
      />
      <text x="24" y="16.5" fontSize="12" fontWeight="700" fill={colors.community}>
        {community}
      </text>
      <rect x="51" y="6" width="1" height="12" fill={colors.ink600} />
      <circle cx="63" cy="12" r="5" fill={colors.critics} />
      <text x="72" y="16.5" fontSize="12" fontWeight="700" fill={colors.critics}>
        {critics}
      </text>
    </g>
  );
}

function Toggle({ x, y, on, color }: { x: number; y: number; on: boolean; color: string }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect width="36" height="20" rx="10" fill={on ? color : colors.ink600} />
      <circle cx={on ? 26 : 10} cy="10" r="7" fill={on ? '#07080c' : colors.ink300} />
    </g>
  );
}

/** A streaming site in a browser, with the extension's rating badges beside every title. */
export function BrowserMockup({ className = '' }: { className?: string }) {
  const id = useId();
  const ref = (name: string) => `${id}-${name}`;

  return (
    <svg
      viewBox="0 0 960 600"
      role="img"
      aria-labelledby={ref('title')}
      className={`font-sans ${className}`}
    >
      <title id={ref('title')}>
        {`Preview of the ${site.name} browser extension on a streaming site: every title shows its ${ratingNames.community} and ${ratingNames.critics}, and the extension menu lets you choose which ratings to show.`}
      </title>
      <defs>
        <clipPath id={ref('window')}>
          <rect width="960" height="600" rx="18" />
        </clipPath>
        <linearGradient id={ref('banner')} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#0e2a3a" />
          <stop offset="0.6" stopColor="#123d52" />
          <stop offset="1" stopColor="#c9803a" />
        </linearGradient>
        <linearGradient id={ref('shade')} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#07080c" stopOpacity="0.85" />
          <stop offset="0.7" stopColor="#07080c" stopOpacity="0" />
        </linearGradient>
        {row.map((title, index) => (
          <linearGradient key={title.name} id={ref(`poster-${index}`)} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor={title.from} />
            <stop offset="1" stopColor={title.to} />
          </linearGradient>
        ))}
        <filter id={ref('shadow')} x="-20%" y="-20%" width="140%" height="150%">
          <feDropShadow dx="0" dy="16" stdDeviation="18" floodColor="#000" floodOpacity="0.6" />
        </filter>
      </defs>

      <g clipPath={`url(#${ref('window')})`}>
        <rect width="960" height="600" fill="#0a0b10" />

        {/* Browser chrome */}
        <rect width="960" height="54" fill="#151823" />
        <circle cx="26" cy="27" r="6" fill={colors.ink600} />
        <circle cx="46" cy="27" r="6" fill={colors.ink600} />
        <circle cx="66" cy="27" r="6" fill={colors.ink600} />
        <rect x="100" y="13" width="660" height="28" rx="14" fill="#07080c" />
        <path d="M120 24v-3a4 4 0 018 0v3" fill="none" stroke={colors.ink300} strokeWidth="1.6" />
        <rect x="117" y="24" width="14" height="10" rx="2" fill={colors.ink300} />
        <text x="142" y="32" fontSize="13" fill={colors.ink300}>
          watch.example.com/browse
        </text>
        <rect x="790" y="15" width="24" height="24" rx="6" fill="#202433" />
        <rect
          x="826"
          y="13"
          width="28"
          height="28"
          rx="8"
          fill="none"
          stroke={colors.gold}
          strokeWidth="2"
        />
        <rect x="831" y="19" width="18" height="15" rx="3" fill={colors.gold} />
        <rect x="834" y="22" width="12" height="9" rx="1.5" fill="#07080c" />
        <rect x="836" y="27" width="2" height="3" fill={colors.community} />
        <rect x="839.5" y="25" width="2" height="5" fill={colors.gold} />
        <rect x="843" y="23" width="2" height="7" fill={colors.critics} />
        <circle cx="904" cy="27" r="13" fill="#202433" />

        {/* The streaming site */}
        <text
          x="32"
          y="92"
          className="font-display"
          fontSize="26"
          letterSpacing="1.5"
          fill={colors.ink100}
        >
          NIGHTSTREAM
        </text>
        <rect x="190" y="78" width="54" height="8" rx="4" fill="#2e3346" />
        <rect x="258" y="78" width="64" height="8" rx="4" fill="#2e3346" />
        <rect x="336" y="78" width="48" height="8" rx="4" fill="#2e3346" />

        <rect x="32" y="112" width="620" height="222" rx="14" fill={`url(#${ref('banner')})`} />
        <circle cx="560" cy="170" r="34" fill="#ffd98a" opacity="0.85" />
        <path d="M470 334 L490 196 H506 L526 334 Z" fill="#07080c" opacity="0.8" />
        <rect x="484" y="182" width="28" height="16" rx="2" fill="#ffd98a" opacity="0.9" />
        <rect x="32" y="112" width="620" height="222" rx="14" fill={`url(#${ref('shade')})`} />
        <text
          x="56"
          y="234"
          className="font-display"
          fontSize="46"
          letterSpacing="1.5"
          fill={colors.ink100}
        >
          THE LAST LIGHTHOUSE
        </text>
        <text x="56" y="258" fontSize="13" fill={colors.ink300}>
          2025 · Mystery · 1 h 54 min
        </text>
        <RatingBadge x={56} y={274} community="7.9" critics="88%" />
        <rect x="172" y="274" width="72" height="24" rx="12" fill={colors.ink100} />
        <text x="208" y="290.5" fontSize="12" fontWeight="700" textAnchor="middle" fill="#07080c">
          Play
        </text>

        <text x="32" y="372" fontSize="16" fontWeight="700" fill={colors.ink100}>
          Trending now
        </text>
        {row.map((title, index) => {
          const x = 32 + index * 152;
          return (
            <g key={title.name}>
              <rect
                x={x}
                y="388"
                width="136"
                height="196"
                rx="10"
                fill={`url(#${ref(`poster-${index}`)})`}
              />
              <circle
                cx={x + title.sun[0]}
                cy={title.sun[1]}
                r="22"
                fill="#ffffff"
                opacity="0.14"
              />
              <path
                d={
                  index % 2
                    ? `M${x} 500 L${x + 52} 552 L${x + 86} 520 L${x + 136} 584 H${x} Z`
                    : `M${x} 584 L${x + 50} 520 L${x + 84} 552 L${x + 136} 500 V584 Z`
                }
                fill="#07080c"
                opacity="0.35"
              />
              <text
                x={x + 12}
                y="570"
                className="font-display"
                fontSize="22"
                letterSpacing="1"
                fill={colors.ink100}
              >
                {title.name.toUpperCase()}
              </text>
              <RatingBadge x={x + 8} y={396} community={title.community} critics={title.critics} />
            </g>
          );
        })}

        {/* The extension's menu, opened from the toolbar */}
        <g filter={`url(#${ref('shadow')})`}>
          <rect x="676" y="62" width="262" height="232" rx="14" fill="#151823" stroke="#2e3346" />
        </g>
        <rect x="694" y="82" width="22" height="18" rx="4" fill={colors.gold} />
        <rect x="698" y="86" width="14" height="10" rx="2" fill="#07080c" />
        <rect x="700" y="91" width="2" height="3" fill={colors.community} />
        <rect x="704" y="89" width="2" height="5" fill={colors.gold} />
        <rect x="708" y="87.5" width="2" height="6.5" fill={colors.critics} />
        <text
          x="726"
          y="99"
          className="font-display"
          fontSize="22"
          letterSpacing="1"
          fill={colors.ink100}
        >
          {site.name.toUpperCase()}
        </text>
        <text x="694" y="124" fontSize="12" fill={colors.ink300}>
          Ratings on this page
        </text>
        <rect x="694" y="136" width="226" height="1" fill="#2e3346" />
        <text x="694" y="166" fontSize="13" fontWeight="600" fill={colors.ink100}>
          {site.ratingSources.community}
        </text>
        <Toggle x={884} y={153} on color={colors.community} />
        <text x="694" y="204" fontSize="13" fontWeight="600" fill={colors.ink100}>
          {site.ratingSources.critics}
        </text>
        <Toggle x={884} y={191} on color={colors.critics} />
        <text x="694" y="242" fontSize="13" fontWeight="600" fill={colors.ink100}>
          Show on hover only
        </text>
        <Toggle x={884} y={229} on={false} color={colors.gold} />
        <path
          d="M699 263l6 2.4v4.4c0 3.6-2.6 6.6-6 7.6-3.4-1-6-4-6-7.6v-4.4z"
          fill="none"
          stroke={colors.gold}
          strokeWidth="1.5"
        />
        <text x="713" y="275" fontSize="11.5" fill={colors.ink300}>
          No tracking of what you watch
        </text>
      </g>
      <rect x="0.5" y="0.5" width="959" height="599" rx="17.5" fill="none" stroke="#2e3346" />
    </svg>
  );
}

/** Payment partners and coins drawn locally (no external images); names are brand marks, not translated. */
const PARTNERS = [
  { name: 'Visa', url: 'https://www.visa.com', bg: '#1A1F71', fg: '#FFFFFF' },
  { name: 'Mastercard', url: 'https://www.mastercard.com', bg: '#FFFFFF', fg: '#1F2937', circles: true },
  { name: 'AMEX', url: 'https://www.americanexpress.com', bg: '#2E77BC', fg: '#FFFFFF' },
  { name: 'PayPal', url: 'https://www.paypal.com', bg: '#FFFFFF', fg: '#003087' },
  { name: 'Apple Pay', url: 'https://www.apple.com/apple-pay/', bg: '#000000', fg: '#FFFFFF' },
  { name: 'G Pay', url: 'https://pay.google.com', bg: '#FFFFFF', fg: '#3C4043' },
  { name: 'UnionPay', url: 'https://www.unionpayintl.com', bg: '#01798A', fg: '#FFFFFF' },
  { name: 'Binance Pay', url: 'https://pay.binance.com', bg: '#1E2026', fg: '#F0B90B' },
] as const;

/**
 * A partner's badge in HTML with the page's font, not SVG text: the footer is on every page, and SVG text in its own
 * font was a layout pass of its own and four more font sizes for the browser to look up on every load (issue 11,
 * TBT; docs/operations.md, web vitals). Mastercard's mark is its circles.
 */
function PartnerBadge({ partner }: { partner: (typeof PARTNERS)[number] }) {
  return (
    <span className="cv-logos__badge" style={{ background: partner.bg, color: partner.fg }}>
      {'circles' in partner ? (
        <svg viewBox="0 0 32 20" width="32" height="20" role="img" aria-label={partner.name}>
          <circle cx="11" cy="10" r="9" fill="#EB001B" />
          <circle cx="21" cy="10" r="9" fill="#F79E1B" fillOpacity="0.9" />
        </svg>
      ) : (
        partner.name
      )}
    </span>
  );
}

export function PaymentPartnerLogos() {
  return (
    <ul className="cv-logos">
      {PARTNERS.map((partner) => (
        <li key={partner.name}>
          <a href={partner.url} target="_blank" rel="noopener noreferrer" title={partner.name}>
            <PartnerBadge partner={partner} />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function CoinLogo({ coin, size = 32 }: { coin: 'USDT' | 'ETH' | 'BTC'; size?: number }) {
  if (coin === 'USDT') {
    return (
      <svg viewBox="0 0 32 32" width={size} height={size} role="img" aria-label="USDT">
        <circle cx="16" cy="16" r="16" fill="#26A17B" />
        <path
          d="M8.5 8h15v3.5h-5.6v3c3.6.2 6.3.9 6.3 1.8s-2.7 1.6-6.3 1.8V25h-4.8v-6.9c-3.6-.2-6.3-.9-6.3-1.8s2.7-1.6 6.3-1.8v-3H8.5z"
          fill="#fff"
        />
        <ellipse cx="16" cy="16.3" rx="5.6" ry="1.1" fill="#26A17B" />
      </svg>
    );
  }
  if (coin === 'ETH') {
    return (
      <svg viewBox="0 0 32 32" width={size} height={size} role="img" aria-label="ETH">
        <circle cx="16" cy="16" r="16" fill="#627EEA" />
        <path d="M16 4.5v8.6l7.2 3.2z" fill="#fff" fillOpacity=".6" />
        <path d="M16 4.5 8.8 16.3l7.2-3.2z" fill="#fff" />
        <path d="M16 21.9v5.6l7.2-10z" fill="#fff" fillOpacity=".6" />
        <path d="M16 27.5v-5.6l-7.2-4.4z" fill="#fff" />
        <path d="m16 20.6 7.2-4.3-7.2-3.2z" fill="#fff" fillOpacity=".2" />
        <path d="m8.8 16.3 7.2 4.3v-7.5z" fill="#fff" fillOpacity=".6" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} role="img" aria-label="BTC">
      <circle cx="16" cy="16" r="16" fill="#F7931A" />
      <path
        d="M12 8.5h6.2c2.5 0 4 1.3 4 3.2 0 1.4-.8 2.3-2 2.7 1.6.4 2.6 1.5 2.6 3.1 0 2.2-1.7 3.8-4.5 3.8H12v-2h1.4v-8.8H12zm3.7 2v3.3h2.1c1.1 0 1.8-.6 1.8-1.7 0-1-.7-1.6-1.8-1.6zm0 5.2v3.6h2.4c1.3 0 2-.7 2-1.8s-.7-1.8-2-1.8zM14.6 6.5h1.6v2h-1.6zm2.6 0h1.6v2h-1.6zm-2.6 15h1.6v2h-1.6zm2.6 0h1.6v2h-1.6z"
        fill="#fff"
        transform="rotate(14 16 16)"
      />
    </svg>
  );
}

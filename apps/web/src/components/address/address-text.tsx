import type { TAddress } from '@caravan/contracts';
import { useCountryName } from '../../lib/country-name';

/** Consignee, phone and the address on two lines; phone digits stay left-to-right. */
export function AddressText({ address }: { address: TAddress }) {
  const countryName = useCountryName();
  const place = [
    address.detail,
    address.city,
    address.stateName || address.state,
    countryName(address.country, address.countryName),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <div>
      <strong>{address.consignee}</strong>{' '}
      <span dir="ltr" className="cv-muted">
        {address.areaCode} {address.phone}
      </span>
      <div>
        {place} <span dir="ltr">{address.postcode}</span>
      </div>
    </div>
  );
}

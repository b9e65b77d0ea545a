import { type Country, DEFAULT_COUNTRY_ID, type State, type StatesAndCountries } from '@backroom/shared';
import { useQuery } from '@tanstack/react-query';
import { apiOne } from './api-client';

// States and countries for the address editor (orders-warehouse.md §7 Other: "GET /v1/utilities/
// statesAndCountries, cached and expiring in 5"; the unit is not shown, minutes is what a reference list needs).

export const STATES_AND_COUNTRIES_ERROR = 'Error downloading States and Countries';
const FIVE_MINUTES = 5 * 60_000;

export const statesAndCountriesKey = ['utilities', 'statesAndCountries'] as const;

/** The cached list; quiet, because the address editor shows the spec's own error text. */
export const useStatesAndCountries = () =>
  useQuery({
    queryKey: statesAndCountriesKey,
    queryFn: () => apiOne<StatesAndCountries>('GET', '/api/v1/utilities/statesAndCountries', { quiet: true }),
    staleTime: FIVE_MINUTES,
    gcTime: FIVE_MINUTES,
    retry: 1,
  });

/** The address's country: by id, else by code (an address keeps either), else the default (US). */
export function countryOf(
  list: StatesAndCountries | undefined,
  address: { countryId?: number | null; country?: string | null },
): Country | undefined {
  const countries = list?.countries ?? [];
  const code = address.country?.trim().toUpperCase();
  return (
    (address.countryId ? countries.find((c) => c.id === address.countryId) : undefined) ??
    (code ? countries.find((c) => c.code === code || c.code3 === code) : undefined) ??
    (code ? undefined : countries.find((c) => c.id === DEFAULT_COUNTRY_ID))
  );
}

export function statesOf(list: StatesAndCountries | undefined, countryId: number | undefined): State[] {
  if (!list || countryId === undefined) return [];
  return list.states.filter((s) => s.countryId === countryId);
}

/** The address's state within its country: by id, else by its code or name as typed. */
export function stateOf(
  list: StatesAndCountries | undefined,
  address: {
    stateId?: number | null;
    state?: string | null;
    countryId?: number | null;
    country?: string | null;
  },
): State | undefined {
  const states = statesOf(list, countryOf(list, address)?.id);
  if (address.stateId) {
    const byId = states.find((s) => s.id === address.stateId);
    if (byId) return byId;
  }
  const typed = address.state?.trim().toUpperCase();
  if (!typed) return undefined;
  return states.find((s) => s.code === typed || s.name.toUpperCase() === typed);
}

/** A state as the select lists it: found by its code or its name. */
export const stateLabel = (state: State) => `${state.code} — ${state.name}`;
export const countryLabel = (country: Country) => `${country.code} — ${country.name}`;

'use server';

import { z } from 'zod';
import { searchPersonNames } from '@/lib/people/persons/search-person-names';
import { portalAction } from '../portal-action';

/** The person picker's look-up: a few names matching what was typed, for anyone signed in. */
export const searchPeopleAction = portalAction({ input: z.object({ q: z.string().max(100) }) }, async ({ tx, ctx, input }) => ({
  people: await searchPersonNames(tx, ctx, input.q),
}));

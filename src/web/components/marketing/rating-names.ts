import { site } from '../../site-config.ts';

/** The rating sources' names as they read inside a sentence: "the critics’ score". */
export const ratingNames = {
  community: site.ratingSources.community.toLowerCase(),
  critics: site.ratingSources.critics.toLowerCase(),
};

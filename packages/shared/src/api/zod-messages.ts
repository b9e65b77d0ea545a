import { z } from 'zod';

/** Plain words for the two errors people meet most; every other message comes from the schema. */
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'Required';
    if (issue.code === 'unrecognized_keys')
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    return undefined;
  },
});

import { z } from 'zod';
import { idSchema, text } from '../api/text';
import { returnAddressInputSchema } from '../shipping/return-labels.schemas';
import { shippingAddressSchema } from '../shipping/shipping-common.schemas';

// Customers of an account, as the point of sale finds, makes and edits them (issue 16 #4). The spec names no
// customer routes (orders-warehouse.md §7 only carries customerId on the order calls and the orders search);
// ours: GET /api/v1/backroom/customers (search), PUT and PATCH /api/v1/backroom/customer. The customer's
// address is the order's Customer (billing) address; the order's Shipping Address is set on the order
// (PATCH …/firstParty patch.shipTo) by §5 Address for shipping.

const line = (max: number) => text().trim().max(max);

/** An address as the inline address editor sends it (§3 Address; phone is the editor's one phone field). */
export const addressInputSchema = returnAddressInputSchema;
export type AddressInput = z.infer<typeof addressInputSchema>;

/** An address as replies carry it (§3 Address): the one schema the shipping replies use too. */
export const addressReplySchema = shippingAddressSchema;

export const customerSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The customer's (billing) address. */
  address: addressReplySchema.nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

/** GET /api/v1/backroom/customers: by name, e-mail or phone (any part of them), best matches first. */
export const customerSearchSchema = z.object({
  searchTerm: line(200).min(2, 'Type at least 2 characters'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

const email = text().trim().toLowerCase().email('Enter a valid e-mail address').max(200);
const customerFields = {
  firstName: line(80),
  lastName: line(80),
  email: email.nullish(),
  phone: line(40).nullish(),
  address: addressInputSchema.nullish(),
};

/** PUT /api/v1/backroom/customer: a new customer; a name is needed, the e-mail is unique in the account. */
export const customerCreateSchema = z
  .object({ ...customerFields, firstName: customerFields.firstName.default('') })
  .refine((c) => c.firstName !== '' || c.lastName !== '', {
    message: "Enter the customer's name",
    path: ['lastName'],
  });

/** PATCH /api/v1/backroom/customer: change what is sent; null clears the e-mail, phone or address. */
export const customerPatchSchema = z.object({
  id: idSchema,
  patch: z
    .object({
      firstName: customerFields.firstName.optional(),
      lastName: customerFields.lastName.optional(),
      email: customerFields.email,
      phone: customerFields.phone,
      address: customerFields.address,
    })
    .refine((p) => Object.keys(p).length > 0, 'Nothing to change'),
});

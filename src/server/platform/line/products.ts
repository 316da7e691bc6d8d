import { LIST_PRODUCTS, type ListProduct } from '../../../contract/admin.ts';

export type Product = ListProduct;

/** The products a person wants first, from the stored comma list (`ios,chrome`). */
export function productsOf(wants: string | null): Product[] {
  if (!wants) return [];
  return wants
    .split(',')
    .filter((product): product is Product =>
      (LIST_PRODUCTS as readonly string[]).includes(product),
    );
}

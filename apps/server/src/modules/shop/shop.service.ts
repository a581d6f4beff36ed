import type { SalonResponse } from '@salon/contracts/shop'
import { HttpError } from '../../lib/errors.ts'
import type { ShopRepository } from './shop.repository.ts'

export function createShopService(shops: ShopRepository) {
  return {
    async salon(shopId: string): Promise<SalonResponse> {
      const [shop, openingHours, bedTypes, beds, extras] = await Promise.all([
        shops.findShop(shopId),
        shops.openingHours(shopId),
        shops.bedTypes(shopId),
        shops.activeBeds(shopId),
        shops.priceExtras(shopId),
      ])
      if (!shop) throw new HttpError(404, 'This shop does not exist.')
      return {
        shop: {
          id: shop.id,
          name: shop.name,
          tagline: shop.tagline,
          address: { line1: shop.addressLine1, line2: shop.addressLine2, town: shop.town, postcode: shop.postcode },
          phone: shop.phone,
          email: shop.email,
          timeZone: shop.timeZone,
          openingHours,
        },
        bedTypes,
        beds,
        extras,
      }
    },
  }
}
export type ShopService = ReturnType<typeof createShopService>

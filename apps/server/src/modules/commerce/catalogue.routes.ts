import { ErrorResponse } from '@salon/contracts/errors'
import {
  PackageRequest,
  PricesRequest,
  PricesResponse,
  PromoCodeRequest,
  ReferralReward,
  StaffPackage,
  StaffPackagesResponse,
  StaffPromoCode,
  StaffPromoCodesResponse,
} from '@salon/contracts/staff-catalogue'
import { z } from 'zod'
import { createRouter, json, jsonBody } from '../../lib/openapi.ts'
import { staffRoute, type StaffEnv } from '../shop/public.ts'
import type { CatalogueManagement } from './catalogue.service.ts'

const PackageId = z.object({ id: z.string().min(1, { message: 'must be a package id' }).max(64, { message: 'must be a package id' }) })
const PromoId = z.object({ id: z.uuid({ message: 'must be a promo code id' }) })
const noPackage = { 404: json(ErrorResponse, 'No such package at this salon') }
const noPromo = { 404: json(ErrorResponse, 'No such promo code at this salon') }
const taken = { 409: json(ErrorResponse, 'The salon already has a promo code spelt the same') }

/** The owner's management of prices, packages, promo codes and refer-and-earn under /api/staff/ (docs/product.md §10.4). */
export function createManageRoutes(manage: CatalogueManagement) {
  return createRouter<StaffEnv>()
    .openapi(
      staffRoute('staff', {
        method: 'get',
        path: '/staff/prices',
        summary: "The price list: each bed type's price a minute, and the extras",
        responses: { 200: json(PricesResponse, 'The price list') },
      }),
      async (c) => c.json(await manage.prices(c.get('staff').shopId), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'put',
        path: '/staff/prices',
        summary: 'Change prices a minute, and add, rename, reprice, reorder or remove extras',
        request: jsonBody(PricesRequest),
        responses: { 200: json(PricesResponse, 'The price list as it now is') },
      }),
      async (c) => c.json(await manage.setPrices(c.get('staff'), c.req.valid('json')), 200),
    )
    .openapi(
      staffRoute('staff', {
        method: 'get',
        path: '/staff/packages',
        summary: 'Every package, withdrawn ones too, with how many were sold',
        responses: { 200: json(StaffPackagesResponse, 'The packages') },
      }),
      async (c) => c.json({ packages: await manage.packages(c.get('staff').shopId) }, 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'post',
        path: '/staff/packages',
        summary: 'Add a package',
        request: jsonBody(PackageRequest),
        responses: { 201: json(StaffPackage, 'The new package') },
      }),
      async (c) => c.json(await manage.createPackage(c.get('staff'), c.req.valid('json')), 201),
    )
    .openapi(
      staffRoute('owner', {
        method: 'put',
        path: '/staff/packages/{id}',
        summary: 'Change a package (customers who bought it keep what they bought)',
        request: { params: PackageId, ...jsonBody(PackageRequest) },
        responses: { 200: json(StaffPackage, 'The package'), ...noPackage },
      }),
      async (c) => c.json(await manage.updatePackage(c.get('staff'), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'delete',
        path: '/staff/packages/{id}',
        summary: 'Withdraw a package from sale (it is kept, never deleted)',
        request: { params: PackageId },
        responses: { 200: json(StaffPackage, 'The package, withdrawn'), ...noPackage },
      }),
      async (c) => c.json(await manage.withdrawPackage(c.get('staff'), c.req.valid('param').id), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'get',
        path: '/staff/promo-codes',
        summary: 'Every promo code, with its uses so far',
        responses: { 200: json(StaffPromoCodesResponse, 'The promo codes') },
      }),
      async (c) => c.json({ promoCodes: await manage.promoCodes(c.get('staff').shopId) }, 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'post',
        path: '/staff/promo-codes',
        summary: 'Add a promo code',
        request: jsonBody(PromoCodeRequest),
        responses: { 201: json(StaffPromoCode, 'The new promo code'), ...taken },
      }),
      async (c) => c.json(await manage.createPromoCode(c.get('staff'), c.req.valid('json')), 201),
    )
    .openapi(
      staffRoute('owner', {
        method: 'put',
        path: '/staff/promo-codes/{id}',
        summary: 'Change a promo code',
        request: { params: PromoId, ...jsonBody(PromoCodeRequest) },
        responses: { 200: json(StaffPromoCode, 'The promo code'), ...noPromo, ...taken },
      }),
      async (c) => c.json(await manage.updatePromoCode(c.get('staff'), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'delete',
        path: '/staff/promo-codes/{id}',
        summary: 'Deactivate a promo code: it stops working at once (it is kept, with its uses)',
        request: { params: PromoId },
        responses: { 200: json(StaffPromoCode, 'The promo code, deactivated'), ...noPromo },
      }),
      async (c) => c.json(await manage.deactivatePromoCode(c.get('staff'), c.req.valid('param').id), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'get',
        path: '/staff/referral-reward',
        summary: 'The refer-and-earn reward: free minutes for both customers, and how long they last',
        responses: { 200: json(ReferralReward, 'The reward') },
      }),
      async (c) => c.json(await manage.referralReward(c.get('staff').shopId), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'put',
        path: '/staff/referral-reward',
        summary: 'Change the refer-and-earn reward (0 minutes gives none)',
        request: jsonBody(ReferralReward),
        responses: { 200: json(ReferralReward, 'The reward as it now is') },
      }),
      async (c) => c.json(await manage.setReferralReward(c.get('staff'), c.req.valid('json')), 200),
    )
}

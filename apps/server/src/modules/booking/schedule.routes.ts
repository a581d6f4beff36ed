import { ErrorResponse } from '@salon/contracts/errors'
import { LocalDate } from '@salon/contracts/local-date'
import {
  BedChangeResponse,
  BedRequest,
  BedsResponse,
  BookingRulesBody,
  BookingRulesResponse,
  ClosureRequest,
  ClosureResponse,
  ClosuresResponse,
  OutOfServiceRequest,
  SpecialHoursListResponse,
  SpecialHoursRequest,
  SpecialHoursResponse,
} from '@salon/contracts/staff-manage'
import { z } from 'zod'
import { createRouter, json, jsonBody } from '../../lib/openapi.ts'
import { staffRoute, type StaffEnv } from '../shop/public.ts'
import type { ScheduleManagement } from './schedule.service.ts'

const BedId = z.object({ id: z.string().min(1, { message: 'must be a sunbed id' }).max(64, { message: 'must be a sunbed id' }) })
const PeriodParams = BedId.extend({ periodId: z.uuid({ message: 'must be the id of a time out of service' }) })
const DateParam = z.object({ date: LocalDate })
const noBed = { 404: json(ErrorResponse, 'No such sunbed at this salon') }

/**
 * The salon's schedule under /api/staff/ (docs/product.md §10.4): closures, special opening hours for a date, sunbeds and their times out of service,
 * and the booking rules. Staff read them; the owner changes them.
 */
export function createScheduleRoutes(schedule: ScheduleManagement) {
  return createRouter<StaffEnv>()
    .openapi(
      staffRoute('staff', {
        method: 'get',
        path: '/staff/closures',
        summary: "The salon's closures from today on",
        responses: { 200: json(ClosuresResponse, 'Closures, soonest first') },
      }),
      async (c) => c.json(await schedule.closures(c.get('staff').shopId), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'post',
        path: '/staff/closures',
        summary: 'Close the salon for a day or a range of days; answers the sessions on them, which are not cancelled',
        request: jsonBody(ClosureRequest),
        responses: { 201: json(ClosureResponse, 'Closed; the sessions on those days for the salon to move') },
      }),
      async (c) => c.json(await schedule.close(c.get('staff'), c.req.valid('json')), 201),
    )
    .openapi(
      staffRoute('owner', {
        method: 'delete',
        path: '/staff/closures/{date}',
        summary: 'Open again on a day the salon was to be closed',
        request: { params: DateParam },
        responses: { 204: { description: 'Open again' }, 404: json(ErrorResponse, 'The salon is not closed that day') },
      }),
      async (c) => {
        await schedule.reopen(c.get('staff'), c.req.valid('param').date)
        return c.body(null, 204)
      },
    )
    .openapi(
      staffRoute('staff', {
        method: 'get',
        path: '/staff/special-hours',
        summary: "The salon's special opening hours for a date, from today on",
        responses: { 200: json(SpecialHoursListResponse, 'Special hours, soonest first') },
      }),
      async (c) => c.json(await schedule.specialHours(c.get('staff').shopId), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'put',
        path: '/staff/special-hours/{date}',
        summary:
          "Open at special hours on a date instead of the weekday's (replacing a closure of it); answers the sessions outside them, which are not cancelled",
        request: { params: DateParam, ...jsonBody(SpecialHoursRequest) },
        responses: { 200: json(SpecialHoursResponse, 'Saved; the sessions on the date outside the hours for the salon to move') },
      }),
      async (c) => c.json(await schedule.setSpecialHours(c.get('staff'), c.req.valid('param').date, c.req.valid('json')), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'delete',
        path: '/staff/special-hours/{date}',
        summary: "Remove a date's special opening hours: the weekday's hours apply again",
        request: { params: DateParam },
        responses: { 204: { description: 'Removed' }, 404: json(ErrorResponse, 'The date has no special hours') },
      }),
      async (c) => {
        await schedule.removeSpecialHours(c.get('staff'), c.req.valid('param').date)
        return c.body(null, 204)
      },
    )
    .openapi(
      staffRoute('staff', {
        method: 'get',
        path: '/staff/beds',
        summary: 'Every sunbed (retired ones too) with its times out of service, the bed types and the pictures a bed may show',
        responses: { 200: json(BedsResponse, 'The beds, in the salon’s order') },
      }),
      async (c) => c.json(await schedule.beds(c.get('staff').shopId), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'post',
        path: '/staff/beds',
        summary: 'Add a sunbed',
        request: jsonBody(BedRequest),
        responses: { 201: json(BedChangeResponse, 'Added') },
      }),
      async (c) => c.json(await schedule.addBed(c.get('staff'), c.req.valid('json')), 201),
    )
    .openapi(
      staffRoute('owner', {
        method: 'put',
        path: '/staff/beds/{id}',
        summary: 'Rename or change a sunbed; answers the sessions to come whose length it no longer takes',
        request: { params: BedId, ...jsonBody(BedRequest) },
        responses: { 200: json(BedChangeResponse, 'Changed'), ...noBed },
      }),
      async (c) => c.json(await schedule.changeBed(c.get('staff'), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'post',
        path: '/staff/beds/{id}/retire',
        summary: 'Retire a sunbed: no new sessions; answers its sessions to come, which are not cancelled',
        request: { params: BedId },
        responses: { 200: json(BedChangeResponse, 'Retired'), ...noBed, 409: json(ErrorResponse, 'Already retired') },
      }),
      async (c) => c.json(await schedule.retireBed(c.get('staff'), c.req.valid('param').id), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'post',
        path: '/staff/beds/{id}/reinstate',
        summary: 'Take a retired sunbed back into use',
        request: { params: BedId },
        responses: { 200: json(BedChangeResponse, 'In use again'), ...noBed, 409: json(ErrorResponse, 'Not retired') },
      }),
      async (c) => c.json(await schedule.reinstateBed(c.get('staff'), c.req.valid('param').id), 200),
    )
    .openapi(
      staffRoute('staff', {
        method: 'post',
        path: '/staff/beds/{id}/out-of-service',
        summary: 'Put a sunbed out of service from one local date and time until another; answers the sessions it hits',
        request: { params: BedId, ...jsonBody(OutOfServiceRequest) },
        responses: { 201: json(BedChangeResponse, 'Out of service then; the sessions in that time for the salon to move'), ...noBed },
      }),
      async (c) => c.json(await schedule.outOfService(c.get('staff'), c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .openapi(
      staffRoute('staff', {
        method: 'delete',
        path: '/staff/beds/{id}/out-of-service/{periodId}',
        summary: 'Remove a time out of service: the sunbed takes sessions then again',
        request: { params: PeriodParams },
        responses: { 200: json(BedChangeResponse, 'Removed'), 404: json(ErrorResponse, 'No such sunbed or time out of service') },
      }),
      async (c) => {
        const { id, periodId } = c.req.valid('param')
        return c.json(await schedule.backInService(c.get('staff'), id, periodId), 200)
      },
    )
    .openapi(
      staffRoute('staff', {
        method: 'get',
        path: '/staff/booking-rules',
        summary: 'How the salon takes bookings online (null while it takes none)',
        responses: { 200: json(BookingRulesResponse, 'The rules') },
      }),
      async (c) => c.json(await schedule.rules(c.get('staff').shopId), 200),
    )
    .openapi(
      staffRoute('owner', {
        method: 'put',
        path: '/staff/booking-rules',
        summary: 'Change how the salon takes bookings online (starts online bookings when it took none)',
        request: jsonBody(BookingRulesBody),
        responses: { 200: json(BookingRulesResponse, 'Changed') },
      }),
      async (c) => c.json(await schedule.changeRules(c.get('staff'), c.req.valid('json')), 200),
    )
}

import { expect, it } from 'vitest'
import { detailProblems } from './edit-details.tsx'

const fine = { firstName: 'Dana', lastName: 'Desk', phone: '07700 900123', email: '', dob: '1990-05-06', skinType: '3' }

it('checks the details at the desk by the sign-up’s shared rules before anything is sent', () => {
  expect(detailProblems(fine, '2026-11-23')).toEqual({})
  expect(
    detailProblems({ firstName: ' ', lastName: 'x'.repeat(101), phone: '01632 960123', email: 'not-an-email', dob: '2026-02-30', skinType: '7' }, '2026-11-23'),
  ).toEqual({
    firstName: "Please give the customer's first name.",
    lastName: 'The last name can be up to 100 characters.',
    phone: 'That is a landline: please give a mobile number.',
    email: 'Please give an email address like name@example.com, or leave it empty.',
    dob: 'Please give a real date of birth.',
    skinType: 'Please choose the skin type.',
  })
  expect(detailProblems({ ...fine, dob: '2008-11-24' }, '2026-11-23').dob).toMatch(/18 or over/)
  expect(detailProblems({ ...fine, dob: '2008-11-23' }, '2026-11-23')).toEqual({})
  expect(detailProblems({ ...fine, phone: '12345' }, '2026-11-23').phone).toBe('Please give a mobile number, for example 07700 900123.')
})

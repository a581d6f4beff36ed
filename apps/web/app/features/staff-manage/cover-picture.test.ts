import { MAX_UPLOAD_BYTES, UploadResponse } from '@salon/contracts/staff-catalogue'
import { describe, expect, it } from 'vitest'
import { COVER_TYPES, coverProblem, MAX_COVER_BYTES } from './blog.tsx'

describe("a blog post's cover picture, checked in the browser before it is sent", () => {
  it('takes what the server takes: the same types and the same largest size', () => {
    expect(MAX_COVER_BYTES).toBe(MAX_UPLOAD_BYTES)
    expect([...COVER_TYPES].sort()).toEqual([...UploadResponse.shape.contentType.options].sort())
  })
  it('takes a JPEG, PNG or WebP picture up to 2 MB', () => {
    for (const type of COVER_TYPES) expect(coverProblem({ type, size: MAX_UPLOAD_BYTES })).toBeNull()
  })
  it('refuses another kind of file, and a picture over 2 MB, saying why', () => {
    expect(coverProblem({ type: 'image/gif', size: 1000 })).toBe('Please choose a JPEG, PNG or WebP picture.')
    expect(coverProblem({ type: 'application/pdf', size: 1000 })).toBe('Please choose a JPEG, PNG or WebP picture.')
    expect(coverProblem({ type: 'image/png', size: MAX_UPLOAD_BYTES + 1 })).toBe('That picture is 2.0 MB: please choose one of 2 MB or less.')
    expect(coverProblem({ type: 'image/jpeg', size: 3 * 1024 * 1024 })).toBe('That picture is 3.0 MB: please choose one of 2 MB or less.')
  })
})

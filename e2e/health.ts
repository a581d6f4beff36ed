import { expect, type Page } from '@playwright/test'

/**
 * On /book/health/ (docs/product.md §4.15): answers every health question, "yes" to the questions named and "no" to
 * the rest, in the order the page lists them, and saves.
 */
export async function answerHealthQuestionsOnPage(page: Page, yes: number[] = []) {
  await expect(page.getByRole('heading', { level: 2, name: 'Health questions' })).toBeVisible()
  const questions = page.getByRole('group').filter({ has: page.getByRole('radio', { name: 'Yes' }) })
  const count = await questions.count()
  expect(count).toBeGreaterThan(0)
  for (let i = 0; i < count; i++) {
    await questions
      .nth(i)
      .getByRole('radio', { name: yes.includes(i) ? 'Yes' : 'No' })
      .check()
  }
  await page.getByRole('button', { name: 'Save my answers' }).click()
}

/** Setting up a salon of one's own (docs/product.md §11): the set-up page's steps, for routes/staff/setup.tsx. */
export { SetupWizard } from './setup-wizard.tsx'

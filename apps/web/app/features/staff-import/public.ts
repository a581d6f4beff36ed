// Importing the salon's customers from its previous system (docs/product.md §10.5): the owner's page. Only staff routes import this.
export { CustomerImport } from './customer-import.tsx'

/**
 * PowerPoint decks as results; the deck engine itself is server/src/presentations.
 * The module's door: other modules and the entry points import only this file.
 */
export { presentationsRoutes } from './routes.js';

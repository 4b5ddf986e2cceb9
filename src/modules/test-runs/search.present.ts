// How a matching component reads in a search result: its title and its path inside the run, as an
// engineer would point at it on the run's page ("Card 2 › Step 3: Soak at -40 °C").
import type { ComponentRow } from './search.repository.js';
import type { SearchMatch } from './search.schemas.js';

const card = (r: ComponentRow) => `Card ${r.card_position}`;
const step = (r: ComponentRow) => `${card(r)} › Step ${r.step_position}`;

export function pathOf(r: ComponentRow): string {
  switch (r.component_type) {
    case 'run':
      return `Run: ${r.title}`;
    case 'card':
      return `${card(r)}: ${r.title}`;
    case 'step':
      return `${step(r)}: ${r.title}`;
    case 'observation':
      return `${step(r)}: ${r.step_title} › Observation`;
    case 'report': {
      // A report belongs to the run, a card or a step (its scope).
      const above =
        r.step_position !== null ? `${step(r)} › ` : r.card_position !== null ? `${card(r)} › ` : '';
      return `${above}Report: ${r.title}`;
    }
    case 'data':
      return `Data: ${r.title}`;
  }
}

export function matchOf(r: ComponentRow, matchType: SearchMatch['match_type']): SearchMatch {
  return {
    component_type: r.component_type,
    component_id: r.component_id,
    component_title: r.title,
    path: pathOf(r),
    snippet: r.snippet,
    match_type: matchType,
  };
}

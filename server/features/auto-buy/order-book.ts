// Each instance's book of the orders that can buy (docs/decisions/064-auto-buy-engine.md): loaded
// at start and kept by the order sweep, which reads every order whose updated_at moved (an order
// saved, paused, resumed or deleted; its owner's standing or service area changed, migration
// 0026). It is an index, not the truth: it says which orders may want a lead, in memory, and the
// engine reads those orders again from the database at the try (engine-repo.ts ordersById).
import { boundingBox, type BoundingBox } from "../../../shared/geo";
import type { Lead } from "../../../shared/schema";
import { toCoordinates } from "../../../shared/geo";
import type { OrderRow } from "./engine-repo";
import type { OrderArea } from "./orders-area";
import { areaOfOrder, orderTakesLead } from "./rules";

interface Entry {
  order: OrderRow;
  area: OrderArea;
  box: BoundingBox;
}

export interface OrderBook {
  /** How many orders the book holds. */
  readonly size: number;
  /** An order as the sweep read it: kept when it can buy, dropped when it cannot (deleted, paused, its owner not eligible, no area). */
  put(order: OrderRow, buying: boolean): void;
  /** The orders of the book that take this lead (orderTakesLead), by a box around each area first. */
  ordersTaking(lead: Lead, mode: "stripe" | "demo", now: Date): OrderRow[];
}

export function createOrderBook(): OrderBook {
  const entries = new Map<number, Entry>();
  return {
    get size() {
      return entries.size;
    },
    put(order, buying) {
      const area = buying ? areaOfOrder(order) : null;
      if (area) entries.set(order.id, { order, area, box: boundingBox(area.centre, area.radiusKm) });
      else entries.delete(order.id);
    },
    ordersTaking(lead, mode, now) {
      const place = toCoordinates(lead.latitude, lead.longitude);
      if (!place) return [];
      const taking: OrderRow[] = [];
      for (const { order, area, box } of entries.values()) {
        if (place.latitude < box.minLatitude || place.latitude > box.maxLatitude || place.longitude < box.minLongitude || place.longitude > box.maxLongitude)
          continue;
        if (orderTakesLead(order, lead, mode, now, area)) taking.push(order);
      }
      return taking;
    },
  };
}

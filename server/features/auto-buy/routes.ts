// The standing orders' routes (docs/decisions/063-auto-buy-orders.md). Thin: parse, service, answer.
// The business owner's alone (policy useAutoBuy); a new order also needs the licence a purchase needs.
import { Router } from "express";
import {
  autoBuyBusinessCapsRequest,
  autoBuyBuysNowRequest,
  autoBuyCardRequest,
  autoBuyOrderCreateRequest,
  autoBuyOrderUpdateRequest,
} from "../../../shared/auto-buy";
import { recordIdParam } from "../../../shared/ids";
import { allow, currentUser } from "../../platform/access/authorize";
import { parse } from "../../platform/http/validate";
import { requireLicensedBuyer } from "../../core/providers";
import { setBusinessCaps } from "./business-caps";
import { buysNow } from "./buys-now";
import { createOrder, editOrder, newCardSetup, ordersOf, previewOrder, removeOrder, saveCard, type OrderDeps } from "./orders-service";

/** Mounted at /api/auto-buy-orders. */
export function autoBuyOrderRoutes(deps: OrderDeps) {
  const router = Router();
  const owners = allow("useAutoBuy");
  const idOf = (params: unknown) => parse(recordIdParam, params).id;

  router.get("/", owners, async (req, res) => {
    res.set("Cache-Control", "no-store");
    res.json(await ordersOf(deps, currentUser(req).id));
  });
  router.post("/", owners, requireLicensedBuyer(deps.db, deps.now), async (req, res) => {
    res.status(201).json(await createOrder(deps, currentUser(req), parse(autoBuyOrderCreateRequest, req.body ?? {})));
  });
  router.post("/preview", owners, async (req, res) => {
    res.json(await previewOrder(deps, currentUser(req).id, parse(autoBuyOrderCreateRequest, req.body ?? {})));
  });
  // What saving would buy at once, to be confirmed before the save (docs/decisions/083-auto-buy-says-what-it-buys.md).
  router.post("/buys-now", owners, async (req, res) => {
    res.set("Cache-Control", "no-store");
    res.json(await buysNow(deps, currentUser(req).id, parse(autoBuyBuysNowRequest, req.body ?? {})));
  });
  router.put("/business-caps", owners, async (req, res) => {
    res.json(await setBusinessCaps(deps.db, currentUser(req).id, parse(autoBuyBusinessCapsRequest, req.body ?? {}), deps.now()));
  });
  router.patch("/:id", owners, async (req, res) => {
    const id = idOf(req.params);
    res.json(await editOrder(deps, currentUser(req).id, id, parse(autoBuyOrderUpdateRequest, req.body ?? {})));
  });
  router.delete("/:id", owners, async (req, res) => {
    await removeOrder(deps, currentUser(req).id, idOf(req.params));
    res.status(204).end();
  });
  router.post("/:id/card", owners, async (req, res) => {
    const id = idOf(req.params);
    const { setupIntentId } = parse(autoBuyCardRequest, req.body ?? {});
    res.json(await saveCard(deps, currentUser(req).id, id, setupIntentId));
  });
  router.post("/:id/card-setup", owners, async (req, res) => {
    res.json(await newCardSetup(deps, currentUser(req).id, idOf(req.params)));
  });
  return router;
}

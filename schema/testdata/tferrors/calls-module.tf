module "db" {
  source = "./modules/db"
}
